import type { AssistantMode } from '../../core/db/schema.js';
import type { CatalogVoice } from './catalog.types.js';

const SPEECH_TO_SPEECH: AssistantMode[] = ['multimodal'];
/** Voices of a separate synthesizer serve the pipeline and dualplex engines. */
const SYNTHESIZED: AssistantMode[] = ['pipeline', 'dualplex'];

interface VoiceSpec {
  name: string;
  gender: 'female' | 'male';
  accent?: string;
  age?: string;
  providerVoiceId: string;
  previewUrl?: string;
}

function family(
  firstId: number,
  languageId: number,
  synthesizerProviderId: number | null,
  modes: AssistantMode[],
  voices: VoiceSpec[],
): CatalogVoice[] {
  return voices.map((v, i) => ({
    id: firstId + i,
    name: v.name,
    language_id: languageId,
    gender: v.gender,
    preview_url: v.previewUrl ?? null,
    accent: v.accent ?? null,
    age: v.age ?? null,
    synthesizer_provider_id: synthesizerProviderId,
    provider_voice_id: v.providerVoiceId,
    modes,
  }));
}

const openAiRealtime = (name: string, gender: VoiceSpec['gender']): VoiceSpec => ({
  name,
  gender,
  age: 'Middle aged',
  providerVoiceId: name.toLowerCase(),
  previewUrl: `https://cdn.openai.com/API/voice-previews/${name.toLowerCase()}.flac`,
});

const geminiLive = (name: string, gender: VoiceSpec['gender']): VoiceSpec => ({
  name,
  gender,
  age: 'Middle aged',
  providerVoiceId: name,
  previewUrl: `https://gstatic.com/aistudio/voices/samples/${name}.wav`,
});

const azure = (languageId: number, female: string, male: string) =>
  [female, male].map((voiceName, i): VoiceSpec & { languageId: number } => ({
    languageId,
    name: voiceName.split('-')[2]!.replace('Neural', ''),
    gender: i === 0 ? 'female' : 'male',
    providerVoiceId: voiceName,
  }));

const AZURE_VOICES = [
  ...azure(1, 'en-US-JennyNeural', 'en-US-GuyNeural'),
  ...azure(2, 'ro-RO-AlinaNeural', 'ro-RO-EmilNeural'),
  ...azure(3, 'fr-FR-DeniseNeural', 'fr-FR-HenriNeural'),
  ...azure(4, 'es-ES-ElviraNeural', 'es-ES-AlvaroNeural'),
  ...azure(5, 'de-DE-KatjaNeural', 'de-DE-ConradNeural'),
  ...azure(6, 'it-IT-ElsaNeural', 'it-IT-DiegoNeural'),
  ...azure(7, 'pt-BR-FranciscaNeural', 'pt-BR-AntonioNeural'),
  ...azure(8, 'nl-NL-ColetteNeural', 'nl-NL-MaartenNeural'),
  ...azure(9, 'pl-PL-AgnieszkaNeural', 'pl-PL-MarekNeural'),
  ...azure(10, 'hi-IN-SwaraNeural', 'hi-IN-MadhurNeural'),
  ...azure(11, 'ja-JP-NanamiNeural', 'ja-JP-KeitaNeural'),
  ...azure(12, 'zh-CN-XiaoxiaoNeural', 'zh-CN-YunxiNeural'),
  ...azure(13, 'ar-SA-ZariyahNeural', 'ar-SA-HamedNeural'),
  ...azure(14, 'tr-TR-EmelNeural', 'tr-TR-AhmetNeural'),
  ...azure(15, 'sv-SE-SofieNeural', 'sv-SE-MattiasNeural'),
];

export const SEED_VOICES: CatalogVoice[] = [
  // Speech-to-speech voices of the realtime models; they need no synthesizer.
  ...family(1, 1, null, SPEECH_TO_SPEECH, [
    openAiRealtime('Alloy', 'female'),
    openAiRealtime('Ash', 'male'),
    openAiRealtime('Ballad', 'male'),
    openAiRealtime('Coral', 'female'),
    openAiRealtime('Echo', 'male'),
    openAiRealtime('Sage', 'female'),
    openAiRealtime('Shimmer', 'female'),
    openAiRealtime('Verse', 'male'),
    openAiRealtime('Marin', 'female'),
    openAiRealtime('Cedar', 'male'),
  ]),
  ...family(11, 1, 4, SYNTHESIZED, [
    { name: 'Nova', gender: 'female', age: 'Young', providerVoiceId: 'nova' },
    { name: 'Onyx', gender: 'male', age: 'Middle aged', providerVoiceId: 'onyx' },
    { name: 'Fable', gender: 'male', accent: 'British', age: 'Middle aged', providerVoiceId: 'fable' },
  ]),
  ...family(14, 1, null, SPEECH_TO_SPEECH, [
    geminiLive('Zephyr', 'female'),
    geminiLive('Puck', 'male'),
    geminiLive('Charon', 'male'),
    geminiLive('Kore', 'female'),
    geminiLive('Fenrir', 'male'),
    geminiLive('Aoede', 'female'),
  ]),
  // ElevenLabs premade voices, by their public voice ids.
  ...family(20, 1, 1, SYNTHESIZED, [
    { name: 'Rachel', gender: 'female', accent: 'American', age: 'Young', providerVoiceId: '21m00Tcm4TlvDq8ikWAM' },
    { name: 'Adam', gender: 'male', accent: 'American', age: 'Middle aged', providerVoiceId: 'pNInz6obpgDQGcFmaJgB' },
    { name: 'Antoni', gender: 'male', accent: 'American', age: 'Young', providerVoiceId: 'ErXwobaYiN019PkySvjV' },
    { name: 'Domi', gender: 'female', accent: 'American', age: 'Young', providerVoiceId: 'AZnzlk1XvdvUeBnXmlld' },
    { name: 'Elli', gender: 'female', accent: 'American', age: 'Young', providerVoiceId: 'MF3mGyEYCl7XYWbV9V6O' },
    { name: 'Josh', gender: 'male', accent: 'American', age: 'Young', providerVoiceId: 'TxGEqnHWrfWFTfGW9XjX' },
    { name: 'Arnold', gender: 'male', accent: 'American', age: 'Middle aged', providerVoiceId: 'VR6AewLTigWG4xSOukaG' },
    { name: 'Sam', gender: 'male', accent: 'American', age: 'Young', providerVoiceId: 'yoZ06aMxZJJ28mfd3POQ' },
    { name: 'George', gender: 'male', accent: 'British', age: 'Middle aged', providerVoiceId: 'JBFqnCBsd6RMkjVDRZzb' },
    { name: 'Daniel', gender: 'male', accent: 'British', age: 'Middle aged', providerVoiceId: 'onwK4e9ZLuTAKqWW03F9' },
  ]),
  ...AZURE_VOICES.map((v, i) => family(40 + i, v.languageId, 2, SYNTHESIZED, [v])[0]!),
  ...family(70, 1, 5, SYNTHESIZED, [
    { name: 'Thalia', gender: 'female', accent: 'American', age: 'Young', providerVoiceId: 'aura-2-thalia-en' },
    { name: 'Apollo', gender: 'male', accent: 'American', age: 'Young', providerVoiceId: 'aura-2-apollo-en' },
  ]),
];

/** Voice ids the tests lean on. */
export const SEED_VOICE_IDS = {
  alloyMultimodal: 1,
  novaPipeline: 11,
  rachelPipeline: 20,
  alinaRomanian: 42,
} as const;
