import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { isIP } from 'node:net';

/**
 * Every configuration key the service reads, with its default and its description: docs/configuration.md
 * is generated from this schema (`npm run generate:docs`; a test fails when it is stale).
 * `defaultText` says what an optional key without a fixed default falls back to. Values come from
 * the environment only (twelve-factor), so one image runs everywhere.
 */
export const ConfigSchema = Type.Object({
  PORT: Type.Integer({
    minimum: 0,
    maximum: 65535,
    default: 3000,
    description: 'HTTP port.',
  }),
  HOST: Type.String({
    minLength: 1,
    default: '127.0.0.1',
    description: 'Interface to listen on (`0.0.0.0` to accept outside connections).',
  }),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      description: '`postgres://` URL. Unset: the embedded PGlite database in `DATA_DIR`.',
    }),
  ),
  DATA_DIR: Type.String({
    minLength: 1,
    default: './data',
    description: 'Where the embedded database and a generated `secret.key` live.',
  }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    {
      default: 'info',
      description: '`fatal`, `error`, `warn`, `info`, `debug` (adds a line per request), `trace`, `silent`.',
    },
  ),
  SECRET_KEY: Type.Optional(
    Type.String({
      minLength: 32,
      description:
        'At least 32 characters. Encrypts third-party secrets (platform tokens, calendar keys) at rest. Unset in embedded mode: generated into `DATA_DIR/secret.key` with a warning (back it up). Required with `DATABASE_URL`, since every process must share it.',
      defaultText: 'generated',
    }),
  ),
  ALLOW_PRIVATE_URLS: Type.Boolean({
    default: false,
    description:
      'Lets user-supplied URLs (webhooks, tools, calendars, websites) reach private and loopback addresses. For local development and tests only.',
  }),
  ALLOW_SIGNUP: Type.Boolean({
    default: false,
    description:
      'Enables `POST /api/auth/register` (name, email, password of 8+ characters). Otherwise that route answers `403 {"message": "Registration is disabled on this server; an administrator creates accounts."}`.',
  }),
  SESSION_TTL_HOURS: Type.Integer({
    minimum: 1,
    maximum: 24 * 365,
    default: 720,
    description: 'Lifetime of a session token from `POST /api/auth/login`. API keys do not expire.',
  }),
  INVITATION_TTL_HOURS: Type.Integer({
    minimum: 1,
    maximum: 24 * 90,
    default: 72,
    description:
      'How long an invitation link (`POST /api/user/invitations`) can be accepted. After that it answers `410` and an admin sends a new one.',
  }),
  LOGIN_MAX_FAILURES: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 5,
    description:
      'Failed logins per email from one client IP per window before `429` with `Retry-After`. A successful login from that IP clears the count. Failures from one IP never lock the account for another IP that has not failed.',
  }),
  LOGIN_LOCKOUT_MINUTES: Type.Integer({
    minimum: 1,
    maximum: 1440,
    default: 15,
    description: 'Length of those windows.',
  }),
  LOGIN_IP_MAX_FAILURES: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: 30,
    description:
      'Failed logins from one client IP per window, whatever the email, before `429`; single sign-on callbacks count against the same limit (refused to the sign-in page with the error). Successful logins do not count (nor clear it).',
  }),
  LOGIN_EMAIL_MAX_FAILURES: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: 50,
    description:
      'Failed logins per email from all IPs together per window before `429`: bounds guessing spread over many IPs (which can therefore lock the account until the window ends). Attempts refused with `429` are not counted.',
  }),
  OIDC_ISSUER: Type.Optional(
    Type.String({
      pattern: '^https?://[^?#\\s]+$',
      description:
        "An OpenID Connect provider's issuer URL (its discovery document is at `/.well-known/openid-configuration` under it), e.g. `https://accounts.google.com`. With `OIDC_CLIENT_ID` and `OIDC_CLIENT_SECRET` (all three or none) and `PUBLIC_URL`, members can sign in through the provider: see [single sign-on](operations.md#single-sign-on). `https://` only, except for a provider on this machine (`localhost`, `127.0.0.1`, `[::1]`).",
    }),
  ),
  OIDC_CLIENT_ID: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'The client id this server was registered with at the provider.',
    }),
  ),
  OIDC_CLIENT_SECRET: Type.Optional(
    Type.String({
      minLength: 1,
      description: "Its client secret (sent to the provider's token endpoint with HTTP Basic authentication).",
    }),
  ),
  OIDC_PROVIDER_NAME: Type.String({
    minLength: 1,
    maxLength: 60,
    default: 'single sign-on',
    description: 'What the sign-in page calls the provider, on its button "Sign in with …" (e.g. `Google`, `Okta`).',
  }),
  DB_POOL_SIZE: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 10,
    description: 'PostgreSQL connections per process.',
  }),
  PGLITE_SHARED_BUFFERS_MB: Type.Integer({
    minimum: 1,
    maximum: 1024,
    default: 16,
    description:
      "The embedded database's buffer pool (PostgreSQL's `shared_buffers`), held in the server's memory for as long as it runs (see [Memory](operations.md#memory)). Raise it for a large embedded database read more than the OS page cache serves well; ignored with `DATABASE_URL`.",
  }),
  SHUTDOWN_TIMEOUT_MS: Type.Integer({
    minimum: 0,
    maximum: 600_000,
    default: 10_000,
    description:
      'On SIGTERM/SIGINT the server stops accepting, finishes in-flight requests, closes the database, and exits; after this long it exits anyway.',
  }),
  CATALOG_FILE: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'A `.json`, `.yaml` or `.yml` file of extra or replacement catalog entries, merged over the built-in seed at start.',
    }),
  ),
  CALCOM_API_URL: Type.String({
    pattern: '^https?://',
    default: 'https://api.cal.com',
    description: 'Cal.com API base for `provider_a_endpoint: us` (without `/v2`).',
  }),
  CALCOM_EU_API_URL: Type.String({
    pattern: '^https?://',
    default: 'https://api.cal.eu',
    description: 'Cal.com API base for `provider_a_endpoint: eu`.',
  }),
  CALENDLY_API_URL: Type.String({
    pattern: '^https?://',
    default: 'https://api.calendly.com',
    description: 'Calendly API base.',
  }),
  CALENDAR_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 120_000,
    default: 10_000,
    description: 'Timeout of each calendar provider call.',
  }),
  JOBS_ENABLED: Type.Boolean({
    default: true,
    description: 'Run job workers in this process; `false` for API-only processes.',
  }),
  JOB_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 8,
    description: 'Jobs (e.g. deliveries) running at once per process.',
  }),
  JOB_POLL_INTERVAL_MS: Type.Integer({
    minimum: 10,
    maximum: 600_000,
    default: 1_000,
    description: 'How often idle workers look for delayed jobs, retries and schedules; a new job starts at once (LISTEN/NOTIFY).',
  }),
  JOB_LEASE_MS: Type.Integer({
    minimum: 500,
    maximum: 3_600_000,
    default: 30_000,
    description: "A running job's lease, renewed every third of it; a job whose worker stopped is re-run this long after its last renewal.",
  }),
  WEBHOOK_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 120_000,
    default: 10_000,
    description: 'Timeout of one delivery attempt (connect, send, answer).',
  }),
  WEBHOOK_RETRY_SCHEDULE: Type.String({
    pattern: '^\\d+(ms|s|m|h|d)(,\\d+(ms|s|m|h|d)){0,19}$',
    default: '30s,2m,10m,1h,6h',
    description: 'Delays before each retry (units `ms`, `s`, `m`, `h`, `d`; up to 20 steps).',
  }),
  INBOUND_WEBHOOK_TIMEOUT_MS: Type.Integer({
    minimum: 500,
    maximum: 12_000,
    default: 5_000,
    description:
      "How long an inbound call waits for the inbound-call webhook's answer before the assistant picks up (500-12000; Twilio waits 15 s for ours).",
  }),
  CHATAPP_GRAPH_URL: Type.String({
    pattern: '^https?://',
    default: 'https://graph.facebook.com/v23.0',
    description: 'Graph API base URL (version included) that `cloud_api` senders talk to.',
  }),
  CHATAPP_GRAPH_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 120_000,
    default: 15_000,
    description: 'Timeout of one Graph API call.',
  }),
  CHATAPP_VERIFY_TOKEN: Type.Optional(
    Type.String({
      minLength: 1,
      description: "The verify token you type into the platform's webhook settings. Unset: the verification handshake always fails (403).",
    }),
  ),
  CHATAPP_APP_SECRET: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        "Your Meta app's App Secret; every platform webhook must carry a valid `X-Hub-Signature-256` made with it. Unset: every platform webhook is refused (401).",
    }),
  ),
  CHATAPP_CALL_RESTRICTED_COUNTRIES: Type.String({
    pattern: '^(none|[A-Za-z]{2}( *, *[A-Za-z]{2})*)$',
    default: 'US,CA,EG,VN,NG,TR',
    description:
      'Sender countries where the platform allows no business-initiated calls: Ask-to-call answers `REGION_NOT_SUPPORTED` for senders whose number is from one of them. `none` for an empty list.',
  }),
  CHATAPP_MESSAGE_PRICE_USD: Type.String({
    pattern: '^\\d{1,4}(\\.\\d{1,6})?$',
    default: '0',
    description:
      "What each template or free-form send through the API (`/send`, `/send-freeform`) costs its user, through the balance ledger; `0` = free. Taken before the platform is called (a balance that cannot pay is `402 INSUFFICIENT_BALANCE` and nothing is sent), given back as a ledger row of its own if the send does not go out. The assistant's own replies are billed as chat replies instead.",
  }),
  CHATAPP_ICE_SERVERS: Type.Optional(
    Type.String({
      pattern: '^(stuns?|turns?):[^,\\s]+( *, *(stuns?|turns?):[^,\\s]+){0,7}$',
      description:
        'STUN/TURN servers for chatapp calls (WebRTC), up to 8 comma-separated `stun:`, `stuns:`, `turn:` or `turns:` URLs. Unset: host candidates only, enough when the server has a public address (the platform is ICE-lite). Behind NAT, a STUN server lets the call offer the public address; a TURN relay carries media when UDP to the server is blocked.',
    }),
  ),
  CHATAPP_TURN_USERNAME: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 512,
      description: 'Credentials for the `turn:` URLs (required with one, refused without). Not sent to STUN servers.',
    }),
  ),
  CHATAPP_TURN_CREDENTIAL: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 512,
      description: 'Credentials for the `turn:` URLs (required with one, refused without). Not sent to STUN servers.',
    }),
  ),
  EMBEDDINGS_BASE_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description:
        'OpenAI-compatible base URL whose `/embeddings` is used (e.g. `https://api.openai.com/v1`, Ollama `http://127.0.0.1:11434/v1`). Unset: full-text search only.',
    }),
  ),
  EMBEDDINGS_API_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'Bearer key for that endpoint (local servers usually need none).',
    }),
  ),
  EMBEDDINGS_MODEL: Type.String({
    minLength: 1,
    default: 'text-embedding-3-small',
    description: 'Embedding model name. Changing it leaves older passages out of vector search (different dimensions) until re-added.',
  }),
  EMBEDDINGS_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 600_000,
    default: 30_000,
    description: "Timeout of each embeddings request (2 retries by the SDK, then the job's backoff).",
  }),
  KNOWLEDGE_CRAWL_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 32,
    default: 4,
    description: "Pages of one website document fetched at once (1-32); a site's `Crawl-delay` still paces them one by one.",
  }),
  KNOWLEDGE_EXTRACTION_PROCESSES: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 16,
      description: 'PDF/DOCX parsing processes per server process at most (1-16); each may use up to 512 MB while it reads a file.',
      defaultText: 'one per core beyond the first, 1-2',
    }),
  ),
  LLM_BASE_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description: 'OpenAI-compatible base URL (e.g. `https://api.openai.com/v1`). Unset: the built-in offline model.',
    }),
  ),
  LLM_API_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'Bearer key for that endpoint (local servers usually need none).',
    }),
  ),
  LLM_MODEL: Type.Optional(
    Type.String({
      minLength: 1,
      description: "Send this model name for every request instead of the catalog's (a local server with one model).",
    }),
  ),
  LLM_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 600_000,
    default: 30_000,
    description:
      'Timeout of each model request until its answer starts, and then between two pieces of a streamed answer; connection errors, timeouts, 408, 409, 429 and 5xx are retried.',
  }),
  LLM_MAX_RETRIES: Type.Integer({
    minimum: 0,
    maximum: 10,
    default: 2,
    description:
      'Retries of a failed model request, after the wait the provider asks for (`retry-after-ms`, `retry-after`) or 0.5 s doubling up to 8 s.',
  }),
  CONVERSATION_HISTORY_MESSAGES: Type.Integer({
    minimum: 2,
    maximum: 1000,
    default: 50,
    description: 'Most recent stored messages sent to the model with each message.',
  }),
  GENERATE_REPLY_PER_MINUTE: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: 5,
    description: '`POST /api/user/ai/generate-reply` calls per minute per token.',
  }),
  TRUST_PROXY: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2000,
      description:
        "Whose `X-Forwarded-For` to believe for the client address (the widget's per-network limits): unset or `false` = none, the connection's address is the client; a comma list of the proxies' addresses and CIDR ranges (`10.0.0.0/8, 192.168.1.5`, or the presets `loopback`, `linklocal`, `uniquelocal`); `true` = every hop (only behind a proxy that overwrites the header). Hop counts are refused: Fastify 5 ignores them.",
    }),
  ),
  WIDGET_CONVERSATIONS_PER_IP_PER_HOUR: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    default: 60,
    description: 'New widget conversations per client network per hour.',
  }),
  WIDGET_MESSAGES_PER_CONVERSATION_PER_MINUTE: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: 12,
    description: 'Messages per widget conversation per minute.',
  }),
  WIDGET_MESSAGES_PER_IP_PER_MINUTE: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    default: 30,
    description:
      'Widget messages per client network per minute, over all its conversations (an office or a mobile carrier may put many visitors behind one address).',
  }),
  PUBLIC_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^/?#\\s]+/?$',
      description:
        "The https origin Twilio reaches (e.g. `https://voice.example.com`); needed to place calls and to check Twilio's signatures, and for single sign-on's redirect URI (`PUBLIC_URL/api/auth/oidc/callback`).",
    }),
  ),
  TWILIO_ACCOUNT_SID: Type.Optional(
    Type.String({
      pattern: '^AC[0-9a-fA-F]{32}$',
      description: 'The Twilio account that places and receives calls (`AC` + 32 hex digits).',
    }),
  ),
  TWILIO_AUTH_TOKEN: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'Its auth token (REST auth and webhook signatures).',
    }),
  ),
  TWILIO_API_URL: Type.String({
    pattern: '^https?://',
    default: 'https://api.twilio.com',
    description: 'Twilio REST base URL (without `/2010-04-01`).',
  }),
  TWILIO_VOICE_API_URL: Type.String({
    pattern: '^https?://',
    default: 'https://voice.twilio.com',
    description: "Twilio's Voice v1 base URL (without `/v1`), where SIP trunks' BYOC trunks are created.",
  }),
  ALLOW_PRIVATE_SIP_ADDRESSES: Type.Boolean({
    default: false,
    description:
      "Lets a SIP trunk's `sip_address`, `outbound_proxy` and `allowed_inbound_ips` be private, loopback or link-local addresses and local host names, for a carrier Twilio reaches over a private interconnect. Off, only public addresses and DNS names are taken.",
  }),
  TWILIO_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 120_000,
    default: 10_000,
    description: 'Timeout of each Twilio REST request.',
  }),
  VOICE_PRICE_PER_MINUTE_USD: Type.String({
    pattern: '^\\d{1,4}(\\.\\d{1,6})?$',
    default: '0.10',
    description: "What a minute of talk costs the assistant's owner, billed by the second.",
  }),
  PHONE_NUMBER_MONTHLY_PRICE_MICROS: Type.Integer({
    minimum: 0,
    maximum: 1_000_000_000,
    default: 3_990_000,
    description:
      "What a month of a number bought with `POST /api/user/phone-numbers/purchase` costs its owner, in micro-USD (3,990,000 = 3.99 USD), in every country without a price of its own: taken from the balance at purchase and at each monthly renewal. The number itself is bought on the service's Twilio account (`TWILIO_ACCOUNT_SID`), which Twilio bills.",
  }),
  PHONE_NUMBER_COUNTRY_PRICES_MICROS: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z]{2} *= *\\d{1,10}( *, *[A-Za-z]{2} *= *\\d{1,10})*$',
      description:
        'Monthly prices of particular countries, in micro-USD, as comma-separated `COUNTRY=price` pairs: `GB=4990000,AU=6990000`. Searches show them and purchases and renewals charge them.',
      defaultText: 'none: every country pays `PHONE_NUMBER_MONTHLY_PRICE_MICROS`',
    }),
  ),
  PHONE_NUMBER_RENEWAL_GRACE_DAYS: Type.Integer({
    minimum: 0,
    maximum: 90,
    default: 7,
    description:
      "How long a bought number keeps working after its month ends unpaid. The renewal tries the balance again each day; the first failure sends the number's `phone_number_renewal_failed` webhook, and when the grace period is over the number is released at Twilio (`phone_number_released`).",
  }),
  SMS_SEGMENT_PRICE_MICROS: Type.Integer({
    minimum: 0,
    maximum: 100_000_000,
    default: 7_500,
    description:
      "What each SMS segment sent from the account's numbers costs its owner, in micro-USD (7,500 = 0.0075 USD; `0` = free): `POST /api/user/sms`, an assistant's SMS replies and HELP answers. A message's segments are counted as the carrier bills them (GSM-7: 160 characters in one SMS, 153 per part; UCS-2: 70 and 67). Taken from the balance before Twilio is asked, given back when Twilio refuses the message or reports it failed.",
  }),
  SMS_HELP_TEXT: Type.String({
    maxLength: 320,
    default: 'Reply STOP to unsubscribe, START to subscribe again. Msg & data rates may apply.',
    description:
      "The answer to an SMS that says HELP or INFO on one of the account's numbers, billed like any SMS sent. Empty: no answer (Twilio's own default answer on long codes may still go out).",
  }),
  WEB_CALL_TOKEN_TTL_SECONDS: Type.Integer({
    minimum: 5,
    maximum: 3600,
    default: 60,
    description:
      'How long the socket URL of `POST /api/calls/web` can be opened (5-3600). A call whose socket never came is closed by the sweep, unbilled.',
  }),
  WEB_CALLS_MAX_PER_ASSISTANT: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: 10,
    description:
      "Public browser calls in progress at once per assistant (the owner's test calls are not counted). At the default price, 1.20 USD a minute at most.",
  }),
  WEB_CALLS_MAX_PER_NETWORK: Type.Integer({
    minimum: 1,
    maximum: 10_000,
    default: 3,
    description: 'Public browser calls in progress at once from one client network (an IPv4 address or an IPv6 /64).',
  }),
  CAMPAIGN_QUIET_HOURS: Type.String({
    pattern: '^([01]\\d|2[0-3]):[0-5]\\d-([01]\\d|2[0-3]):[0-5]\\d$',
    default: '08:00-21:00',
    description:
      "The hours (HH:MM-HH:MM) outside which no campaign dials a number, whatever its own window: in the time zone of the number's country when it has one, otherwise the campaign's.",
  }),
  CAMPAIGN_MAX_ATTEMPTS_PER_NUMBER_PER_DAY: Type.Integer({
    minimum: 1,
    maximum: 100,
    default: 3,
    description: "Campaign calls to one number in any 24 hours, across all of the account's campaigns.",
  }),
  CAMPAIGN_PRE_DIAL_WEBHOOK_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 10_000,
    default: 2_000,
    description: "How long the dialer waits for a campaign's pre-dial webhook; no answer in time skips the lead for this attempt.",
  }),
  CAMPAIGN_DIALER_INTERVAL_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 300,
    default: 15,
    description:
      'How often running campaigns are looked at for leads that came due (retries, an allowed window opening); a call ending or a lead added dials at once.',
  }),
  DEEPGRAM_API_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'Deepgram key (live transcription and Aura).',
    }),
  ),
  DEEPGRAM_API_URL: Type.String({
    pattern: '^https?://',
    default: 'https://api.deepgram.com',
    description: 'Deepgram base URL (the live socket uses the same host over `wss`).',
  }),
  DEEPGRAM_STT_MODEL: Type.String({
    minLength: 1,
    default: 'nova-3',
    description: 'Live transcription model.',
  }),
  DEEPGRAM_TTS_MODEL: Type.String({
    minLength: 1,
    default: 'aura-2-thalia-en',
    description: "Aura voice used when the assistant's voice names none.",
  }),
  ELEVENLABS_API_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'ElevenLabs key.',
    }),
  ),
  ELEVENLABS_API_URL: Type.String({
    pattern: '^https?://',
    default: 'https://api.elevenlabs.io',
    description: 'ElevenLabs base URL.',
  }),
  ELEVENLABS_MODEL: Type.String({
    minLength: 1,
    default: 'eleven_flash_v2_5',
    description: 'ElevenLabs model id.',
  }),
  SPEECH_BASE_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description: 'OpenAI-compatible speech/transcription base URL, e.g. `http://127.0.0.1:8000/v1` for Speaches or Kokoro-FastAPI.',
      defaultText: '`https://api.openai.com/v1` when `SPEECH_API_KEY` is set',
    }),
  ),
  SPEECH_API_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'Bearer key for that endpoint (local servers usually need none).',
    }),
  ),
  SPEECH_TTS_MODEL: Type.String({
    minLength: 1,
    default: 'gpt-4o-mini-tts',
    description: 'Speech model (`kokoro`, `tts-1`, ...).',
  }),
  SPEECH_STT_MODEL: Type.String({
    minLength: 1,
    default: 'gpt-4o-mini-transcribe',
    description: 'Transcription model (`whisper-1`, `Systran/faster-whisper-small`, ...).',
  }),
  SPEECH_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 120_000,
    default: 10_000,
    description: "Wait for a speech provider's answer (response headers, socket open, a transcription). A synthesis may stream longer.",
  }),
  REALTIME_BASE_URL: Type.Optional(
    Type.String({
      pattern: '^(https?|wss?)://',
      description: 'Realtime API base URL (`https`/`wss`).',
      defaultText: '`https://api.openai.com/v1` when `REALTIME_API_KEY` is set',
    }),
  ),
  REALTIME_API_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'Bearer key for the Realtime API.',
    }),
  ),
  REALTIME_DIALECT: Type.Union([Type.Literal('ga'), Type.Literal('beta')], {
    default: 'ga',
    description: '`ga` or `beta` (`OpenAI-Beta: realtime=v1`, flat session, `g711_ulaw`/`pcm16`).',
  }),
  RECORDINGS_FORMAT: Type.Union([Type.Literal('wav'), Type.Literal('wav-mulaw')], {
    default: 'wav',
    description: '`wav` (16 kHz PCM16) or `wav-mulaw` (16 kHz G.711 μ-law in a WAV: half the size).',
  }),
  VOICE_NOISE_SUPPRESSION: Type.Union([Type.Literal('assistant'), Type.Literal('off')], {
    default: 'assistant',
    description:
      '`assistant`: denoise calls whose assistant has `enable_noise_cancellation` (with `VOICE_NOISE_SUPPRESSOR`); `off`: never.',
  }),
  VOICE_NOISE_SUPPRESSOR: Type.Union([Type.Literal('speex'), Type.Literal('rnnoise')], {
    default: 'speex',
    description:
      "The suppressor calls run on the caller's audio: `speex` (Speex's spectral suppressor, about 0.2 % of a core per call) or `rnnoise` (Xiph's recurrent network, which lets no loud steady noise pass for speech, about 1.3 % of a core per call). A realtime model denoises on its side either way.",
  }),
  VOICE_NOISE_SUPPRESSION_THREADS: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 64,
      description:
        "Worker threads running the noise suppressor, so that the event loop pacing every call's audio stays free; each thread gets the frames of 5 ms in one message. `0`: denoise on the event loop.",
      defaultText: 'one per core beyond the first, 1-4',
    }),
  ),
  RECORDINGS_S3_ENDPOINT: Type.Optional(
    Type.String({
      pattern: '^https?://[^?#\\s]+$',
      description:
        "The bucket service's base URL, e.g. `https://s3.eu-central-1.amazonaws.com`, `http://minio:9000`, `https://{account}.r2.cloudflarestorage.com`.",
    }),
  ),
  RECORDINGS_S3_BUCKET: Type.Optional(
    Type.String({
      pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$',
      description: 'Bucket name (3-63 lowercase letters, digits, dots, hyphens).',
    }),
  ),
  RECORDINGS_S3_REGION: Type.String({
    minLength: 1,
    default: 'us-east-1',
    description: 'Signing region (`auto` for R2; MinIO and Garage accept their configured region).',
  }),
  RECORDINGS_S3_ACCESS_KEY_ID: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'Access key id; needs PutObject, GetObject and DeleteObject on the bucket.',
    }),
  ),
  RECORDINGS_S3_SECRET_ACCESS_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'Its secret. The four endpoint/bucket/key settings are set together or not at all.',
    }),
  ),
});

export type Config = Static<typeof ConfigSchema> & {
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, '1': true, yes: true, false: false, '0': false, no: false };

/** Pure: reads only the given env object, never process.env, so tests can build any config. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const raw: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, schema] of Object.entries(ConfigSchema.properties)) {
    const text = env[key];
    if (text === undefined || text === '') continue;
    const type = (schema as { type?: string }).type;
    if (type === 'integer') {
      raw[key] = /^-?\d+$/.test(text.trim()) ? Number(text) : text;
    } else if (type === 'boolean') {
      const parsed = BOOLEAN_WORDS[text.trim().toLowerCase()];
      if (parsed === undefined) problems.push(`${key} must be true or false (got "${text}")`);
      else raw[key] = parsed;
    } else {
      raw[key] = text;
    }
  }
  if (raw.TRUST_PROXY !== undefined && parseTrustProxy(String(raw.TRUST_PROXY)) === null) {
    problems.push(
      `TRUST_PROXY must be true, false, or a comma list of proxy IP addresses and CIDR ranges; hop counts are not supported (got "${env.TRUST_PROXY}")`,
    );
  }
  const s3Keys = ['RECORDINGS_S3_ENDPOINT', 'RECORDINGS_S3_BUCKET', 'RECORDINGS_S3_ACCESS_KEY_ID', 'RECORDINGS_S3_SECRET_ACCESS_KEY'];
  // A half-configured bucket would silently keep recordings on local disk: refuse it.
  if (s3Keys.some((key) => raw[key] !== undefined) && !s3Keys.every((key) => raw[key] !== undefined)) {
    problems.push(
      `RECORDINGS_S3_ENDPOINT, RECORDINGS_S3_BUCKET, RECORDINGS_S3_ACCESS_KEY_ID and RECORDINGS_S3_SECRET_ACCESS_KEY must be set together (missing ${s3Keys.filter((key) => raw[key] === undefined).join(', ')})`,
    );
  }
  problems.push(...turnProblems(raw));
  problems.push(...oidcProblems(raw));
  const withDefaults = Value.Default(ConfigSchema, raw);
  for (const error of Value.Errors(ConfigSchema, withDefaults)) {
    const key = error.path.replace(/^\//, '');
    if (problems.some((p) => p.startsWith(`${key} `))) continue;
    problems.push(`${key} ${describe(key, error.message)} (got "${env[key] ?? ''}")`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return withDefaults as Config;
}

function describe(key: string, ajvMessage: string): string {
  if (key === 'DATABASE_URL') return 'must be a postgres:// or postgresql:// connection string';
  if (key === 'SECRET_KEY') return 'must be at least 32 characters (e.g. `openssl rand -hex 32`)';
  if (key === 'LOG_LEVEL') return 'must be one of fatal, error, warn, info, debug, trace, silent';
  if (key === 'WEBHOOK_RETRY_SCHEDULE') return 'must be up to 20 comma-separated durations such as 30s,2m,10m,1h,6h';
  if (key === 'PUBLIC_URL') return 'must be the https origin Twilio reaches, such as https://voice.example.com';
  if (key === 'OIDC_ISSUER') return 'must be the issuer URL of an OpenID Connect provider, such as https://accounts.google.com';
  if (key === 'TWILIO_ACCOUNT_SID') return 'must be a Twilio Account SID (AC followed by 32 hex digits)';
  if (key === 'VOICE_PRICE_PER_MINUTE_USD') return 'must be a price in USD such as 0.10';
  if (key === 'CHATAPP_MESSAGE_PRICE_USD') return 'must be a price in USD such as 0.007, or 0 for free';
  if (key === 'PHONE_NUMBER_COUNTRY_PRICES_MICROS') return 'must be comma-separated COUNTRY=micro-USD pairs such as GB=4990000,AU=6990000';
  if (key === 'REALTIME_DIALECT') return 'must be ga or beta';
  if (key === 'RECORDINGS_FORMAT') return 'must be wav or wav-mulaw';
  if (key === 'VOICE_NOISE_SUPPRESSION') return 'must be assistant or off';
  if (key === 'VOICE_NOISE_SUPPRESSOR') return 'must be speex or rnnoise';
  if (key === 'VOICE_NOISE_SUPPRESSION_THREADS') return 'must be a whole number of threads from 0 to 64 (0: on the event loop)';
  if (key === 'RECORDINGS_S3_BUCKET') return 'must be an S3 bucket name (3-63 lowercase letters, digits, dots and hyphens)';
  if (key === 'CHATAPP_ICE_SERVERS')
    return 'must be up to 8 comma-separated stun:, stuns:, turn: or turns: URLs such as stun:stun.example.com:3478';
  if (key === 'CHATAPP_CALL_RESTRICTED_COUNTRIES') return 'must be comma-separated two-letter country codes such as US,CA, or none';
  return ajvMessage.replace(/^Expected/, 'must be');
}

const OIDC_KEYS = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'];
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Single sign-on is on only when the provider, the client and the secret are all set (half a
 * setup would show a button that can only fail), and it needs PUBLIC_URL for its redirect URI.
 * An ID token's claims decide who signs in, so they come over https; plain http only from this machine.
 */
function oidcProblems(raw: Record<string, unknown>): string[] {
  const set = OIDC_KEYS.filter((key) => raw[key] !== undefined);
  if (set.length === 0) return [];
  if (set.length < OIDC_KEYS.length) {
    const missing = OIDC_KEYS.filter((key) => raw[key] === undefined).join(', ');
    return [`OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together (missing ${missing})`];
  }
  const problems: string[] = [];
  const issuer = URL.canParse(String(raw.OIDC_ISSUER)) ? new URL(String(raw.OIDC_ISSUER)) : null;
  if (issuer?.protocol === 'http:' && !LOOPBACK_HOSTS.has(issuer.hostname)) {
    problems.push(`OIDC_ISSUER must be an https:// URL; http:// only for a provider on this machine (got "${raw.OIDC_ISSUER}")`);
  }
  if (raw.PUBLIC_URL === undefined) {
    problems.push(
      'PUBLIC_URL must be set for OIDC_ISSUER: the redirect URI registered at the provider is PUBLIC_URL/api/auth/oidc/callback',
    );
  }
  return problems;
}

/** A TURN server refuses an allocation without credentials; credentials with no TURN server are a typo. */
function turnProblems(raw: Record<string, unknown>): string[] {
  const hasTurn = String(raw.CHATAPP_ICE_SERVERS ?? '')
    .split(',')
    .some((url) => /^\s*turns?:/.test(url));
  const hasUser = raw.CHATAPP_TURN_USERNAME !== undefined;
  const hasCredential = raw.CHATAPP_TURN_CREDENTIAL !== undefined;
  if (hasTurn && !(hasUser && hasCredential))
    return ['CHATAPP_TURN_USERNAME and CHATAPP_TURN_CREDENTIAL must be set for the turn: URL in CHATAPP_ICE_SERVERS'];
  if (!hasTurn && (hasUser || hasCredential))
    return ['CHATAPP_TURN_USERNAME and CHATAPP_TURN_CREDENTIAL need a turn: or turns: URL in CHATAPP_ICE_SERVERS'];
  return [];
}

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: whom to believe about X-Forwarded-For. `true`
 * trusts every hop (only behind a proxy that overwrites the header); a list trusts those
 * addresses, CIDR ranges and proxy-addr's presets (loopback, linklocal, uniquelocal). A hop count
 * is refused: Fastify 5 treats one as "trust nothing" (a count cannot tell a proxy from a direct
 * client faking the header), so accepting it would silently do nothing. Null when invalid.
 */
export function parseTrustProxy(text: string | undefined): boolean | string[] | null {
  if (text === undefined) return false;
  const value = text.trim().toLowerCase();
  if (/^\d+$/.test(value)) return null;
  if (Object.hasOwn(BOOLEAN_WORDS, value)) return BOOLEAN_WORDS[value]!;
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : null;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_PRESETS.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
