// `npm run generate:docs`: writes docs/configuration.md from the configuration schema in
// src/config.ts, whose keys carry their own descriptions. The page is committed; a test renders
// it again in memory and fails when the committed one differs, so a key added, removed or
// re-described in the schema cannot leave the page behind.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ConfigSchema } from '../src/config.js';

export const CONFIGURATION_PAGE = fileURLToPath(new URL('../docs/configuration.md', import.meta.url));

interface Section {
  title: string;
  /** Markdown under the heading, before the table. */
  intro?: string;
  keys: string[];
}

/** The page's sections in reading order; every key of the schema is in exactly one. */
const SECTIONS: Section[] = [
  {
    title: 'Server',
    keys: [
      'PORT',
      'HOST',
      'DATABASE_URL',
      'DATA_DIR',
      'LOG_LEVEL',
      'SECRET_KEY',
      'DB_POOL_SIZE',
      'PGLITE_SHARED_BUFFERS_MB',
      'SHUTDOWN_TIMEOUT_MS',
      'TRUST_PROXY',
      'ALLOW_PRIVATE_URLS',
    ],
  },
  {
    title: 'Accounts and sign-in',
    intro: 'See [the accounts API](api/accounts.md).',
    keys: [
      'ALLOW_SIGNUP',
      'SESSION_TTL_HOURS',
      'INVITATION_TTL_HOURS',
      'LOGIN_MAX_FAILURES',
      'LOGIN_IP_MAX_FAILURES',
      'LOGIN_EMAIL_MAX_FAILURES',
      'LOGIN_LOCKOUT_MINUTES',
    ],
  },
  {
    title: 'Single sign-on (OpenID Connect)',
    intro: 'Off unless the provider, client id and secret are set. See [single sign-on](operations.md#single-sign-on).',
    keys: ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_PROVIDER_NAME'],
  },
  {
    title: 'Background jobs and webhooks',
    intro: 'See [outgoing webhooks](api/webhooks.md) and [the topology](operations.md#topology).',
    keys: [
      'JOBS_ENABLED',
      'JOB_CONCURRENCY',
      'JOB_POLL_INTERVAL_MS',
      'JOB_LEASE_MS',
      'WEBHOOK_TIMEOUT_MS',
      'WEBHOOK_RETRY_SCHEDULE',
      'INBOUND_WEBHOOK_TIMEOUT_MS',
    ],
  },
  {
    title: 'Catalogs and calendars',
    intro: 'See [assistants and catalogs](api/assistants.md).',
    keys: ['CATALOG_FILE', 'CALCOM_API_URL', 'CALCOM_EU_API_URL', 'CALENDLY_API_URL', 'CALENDAR_TIMEOUT_MS'],
  },
  {
    title: 'Language model and chat',
    intro: 'See [conversations and the widget](api/conversations.md).',
    keys: [
      'LLM_BASE_URL',
      'LLM_API_KEY',
      'LLM_MODEL',
      'LLM_TIMEOUT_MS',
      'LLM_MAX_RETRIES',
      'CONVERSATION_HISTORY_MESSAGES',
      'GENERATE_REPLY_PER_MINUTE',
      'WIDGET_CONVERSATIONS_PER_IP_PER_HOUR',
      'WIDGET_MESSAGES_PER_CONVERSATION_PER_MINUTE',
      'WIDGET_MESSAGES_PER_IP_PER_MINUTE',
    ],
  },
  {
    title: 'Chatapp',
    intro: 'See [the chatapp API](api/chatapp.md).',
    keys: [
      'CHATAPP_GRAPH_URL',
      'CHATAPP_GRAPH_TIMEOUT_MS',
      'CHATAPP_VERIFY_TOKEN',
      'CHATAPP_APP_SECRET',
      'CHATAPP_CALL_RESTRICTED_COUNTRIES',
      'CHATAPP_MESSAGE_PRICE_USD',
      'CHATAPP_ICE_SERVERS',
      'CHATAPP_TURN_USERNAME',
      'CHATAPP_TURN_CREDENTIAL',
    ],
  },
  {
    title: 'Knowledge bases',
    intro: 'See [the knowledge API](api/knowledge.md).',
    keys: [
      'EMBEDDINGS_BASE_URL',
      'EMBEDDINGS_API_KEY',
      'EMBEDDINGS_MODEL',
      'EMBEDDINGS_TIMEOUT_MS',
      'KNOWLEDGE_CRAWL_CONCURRENCY',
      'KNOWLEDGE_EXTRACTION_PROCESSES',
    ],
  },
  {
    title: 'Speech providers',
    intro: 'See [voice](voice.md).',
    keys: [
      'DEEPGRAM_API_KEY',
      'DEEPGRAM_API_URL',
      'DEEPGRAM_STT_MODEL',
      'DEEPGRAM_TTS_MODEL',
      'ELEVENLABS_API_KEY',
      'ELEVENLABS_API_URL',
      'ELEVENLABS_MODEL',
      'SPEECH_BASE_URL',
      'SPEECH_API_KEY',
      'SPEECH_TTS_MODEL',
      'SPEECH_STT_MODEL',
      'SPEECH_TIMEOUT_MS',
      'REALTIME_BASE_URL',
      'REALTIME_API_KEY',
      'REALTIME_DIALECT',
      'VOICE_NOISE_SUPPRESSION',
      'VOICE_NOISE_SUPPRESSOR',
      'VOICE_NOISE_SUPPRESSION_THREADS',
    ],
  },
  {
    title: 'Phone and browser calls',
    intro: 'See [the calls API](api/calls.md).',
    keys: [
      'PUBLIC_URL',
      'TWILIO_ACCOUNT_SID',
      'TWILIO_AUTH_TOKEN',
      'TWILIO_API_URL',
      'TWILIO_TIMEOUT_MS',
      'VOICE_PRICE_PER_MINUTE_USD',
      'WEB_CALL_TOKEN_TTL_SECONDS',
      'WEB_CALLS_MAX_PER_ASSISTANT',
      'WEB_CALLS_MAX_PER_NETWORK',
    ],
  },
  {
    title: 'Phone numbers',
    intro:
      'Numbers bought here, on the Twilio account of `TWILIO_ACCOUNT_SID` (which also needs `PUBLIC_URL`), and paid monthly from the balance. See [the phone numbers API](api/phone-numbers.md).',
    keys: ['PHONE_NUMBER_MONTHLY_PRICE_MICROS', 'PHONE_NUMBER_COUNTRY_PRICES_MICROS', 'PHONE_NUMBER_RENEWAL_GRACE_DAYS'],
  },
  {
    title: 'SIP trunks',
    intro:
      "A business's own carrier, its calls carried by Twilio's BYOC trunking on the account of `TWILIO_ACCOUNT_SID` (which also needs `PUBLIC_URL`). See [SIP trunks](api/phone-numbers.md#sip-trunks).",
    keys: ['TWILIO_VOICE_API_URL', 'ALLOW_PRIVATE_SIP_ADDRESSES'],
  },
  {
    title: 'SMS',
    intro:
      "SMS sent from and received on the account's SMS-capable numbers through Twilio; status callbacks and inbound SMS need `PUBLIC_URL`. See [the SMS API](api/sms.md).",
    keys: ['SMS_SEGMENT_PRICE_MICROS', 'SMS_HELP_TEXT'],
  },
  {
    title: 'Call recordings',
    intro:
      'Recordings are kept under `DATA_DIR/recordings`, or in an S3-compatible bucket (AWS S3, MinIO, Garage, R2) when all four `RECORDINGS_S3_*` keys without a default are set. Requests are path-style (`{endpoint}/{bucket}/{key}`) and SigV4-signed.',
    keys: [
      'RECORDINGS_FORMAT',
      'RECORDINGS_S3_ENDPOINT',
      'RECORDINGS_S3_BUCKET',
      'RECORDINGS_S3_REGION',
      'RECORDINGS_S3_ACCESS_KEY_ID',
      'RECORDINGS_S3_SECRET_ACCESS_KEY',
    ],
  },
  {
    title: 'Campaigns',
    intro: 'Limits no campaign can widen, and how often the dialer looks for due leads. See [the campaigns API](api/campaigns.md).',
    keys: [
      'CAMPAIGN_QUIET_HOURS',
      'CAMPAIGN_MAX_ATTEMPTS_PER_NUMBER_PER_DAY',
      'CAMPAIGN_PRE_DIAL_WEBHOOK_TIMEOUT_MS',
      'CAMPAIGN_DIALER_INTERVAL_SECONDS',
    ],
  },
];

const HEADER = `# Configuration

<!-- Generated from the schema in src/config.ts by \`npm run generate:docs\`; edit the schema, not this page. -->

All configuration comes from environment variables, validated at start: a bad value stops the
start (exit code 78) with a message naming every problem. A \`.env\` file in the working directory
(\`KEY=value\` lines; quotes, \`#\` comments and \`export\` are understood) is read at start by the
server and the CLI; a variable already set in the environment wins over the file, even when set
to an empty string. The file is optional and git-ignored. Booleans take \`true\`/\`false\`,
\`1\`/\`0\` or \`yes\`/\`no\`.
`;

interface KeySchema {
  type?: string;
  default?: unknown;
  defaultText?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  anyOf?: Array<{ const?: unknown }>;
}

/** What a key takes, read from its schema: a range, a list of words, or nothing to add. */
function accepts(schema: KeySchema): string {
  if (schema.type === 'integer') return `${schema.minimum ?? ''}-${schema.maximum ?? ''}`;
  if (schema.type === 'boolean') return 'boolean';
  if (schema.anyOf) return schema.anyOf.map((member) => `\`${String(member.const)}\``).join(', ');
  return '';
}

function defaultOf(schema: KeySchema): string {
  if (schema.defaultText !== undefined) return schema.defaultText;
  if (schema.default === undefined) return 'unset';
  return `\`${String(schema.default)}\``;
}

/** The page's Markdown: one table per section, the keys in the sections' order. */
export function renderConfigurationPage(): string {
  const properties = ConfigSchema.properties as Record<string, KeySchema>;
  const placed = SECTIONS.flatMap((section) => section.keys);
  const unplaced = Object.keys(properties).filter((key) => !placed.includes(key));
  const unknown = placed.filter((key) => !(key in properties));
  const twice = placed.filter((key, i) => placed.indexOf(key) !== i);
  if (unplaced.length + unknown.length + twice.length > 0) {
    throw new Error(
      `scripts/generate-docs.ts: put every configuration key in one section (not placed: ${unplaced.join(', ') || '-'}; unknown: ${unknown.join(', ') || '-'}; twice: ${twice.join(', ') || '-'})`,
    );
  }
  const parts = [HEADER, SECTIONS.map((section) => `- [${section.title}](#${anchorOf(section.title)})`).join('\n') + '\n'];
  for (const section of SECTIONS) {
    const rows = section.keys.map((key) => {
      const schema = properties[key]!;
      if (!schema.description) throw new Error(`src/config.ts: ${key} has no description`);
      return `| \`${key}\` | ${defaultOf(schema)} | ${accepts(schema)} | ${schema.description.replaceAll('|', '\\|')} |`;
    });
    parts.push(
      [
        `## ${section.title}`,
        ...(section.intro ? ['', section.intro] : []),
        '',
        '| Key | Default | Takes | Meaning |',
        '|---|---|---|---|',
        ...rows,
      ].join('\n') + '\n',
    );
  }
  return parts.join('\n');
}

/** GitHub's heading anchor for a plain-text title. */
function anchorOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replaceAll(' ', '-');
}

export async function readCommittedConfigurationPage(): Promise<string> {
  return readFile(CONFIGURATION_PAGE, 'utf8').catch(() => '');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(CONFIGURATION_PAGE, renderConfigurationPage());
  console.log(`wrote ${CONFIGURATION_PAGE}`);
}
