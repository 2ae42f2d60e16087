import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Timestamps are written as Date and read back as Date by both drivers. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  /** Integer micro-USD; always equal to the sum of this user's ledger rows. */
  balance_micros: Generated<number>;
  /** Set by `users delete`: the row stays for the ledger, the account is gone. */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Set by an operator: the account's tokens stop working until it is restored (migration 0033). */
  suspended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  suspension_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Least to most: what each role may do is in modules/accounts/permissions.ts. */
export const MEMBER_ROLES = ['viewer', 'editor', 'admin', 'owner'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** A login acting on an account's data (the `users` row), with a role (migration 0033). */
export interface MembersTable {
  id: Generated<number>;
  user_id: number;
  email: string;
  name: string;
  /** Null for a member who signs in only through OpenID Connect. */
  password_hash: string | null;
  role: MemberRole;
  is_operator: Generated<boolean>;
  /** `iss|sub` of the OpenID Connect identity bound to this member. */
  oidc_subject: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** An OpenID Connect sign-in between `/api/auth/oidc/start` and its callback (0034). */
export interface OidcLoginsTable {
  /** SHA-256 of the state sent to the provider. */
  state_hash: Buffer;
  code_verifier: string;
  nonce: string;
  created_at: Timestamp;
}

export interface InvitationsTable {
  id: Generated<number>;
  user_id: number;
  email: string;
  role: MemberRole;
  /** SHA-256 of the link's secret. */
  token_hash: Buffer;
  invited_by_member_id: number | null;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_member_id: number | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export type AuditActorKind = 'member' | 'api_key' | 'operator' | 'system';

export interface AuditEventsTable {
  id: Generated<number>;
  user_id: number;
  actor_member_id: number | null;
  actor_kind: AuditActorKind;
  /** A snapshot (the member's e-mail, the key's name) that outlives the member or key. */
  actor: string;
  action: string;
  resource_type: string;
  resource_id: string | null;
  ip: string | null;
  user_agent: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
}

export type TokenKind = 'api_key' | 'session';

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  kind: TokenKind;
  name: string;
  /** SHA-256 of the secret part; the secret itself is never stored. */
  token_hash: Buffer;
  /** First characters of the secret, so an operator can tell keys apart in the database. */
  token_prefix: string;
  last_used_at: Timestamp | null;
  expires_at: Timestamp | null;
  /** A session's member; an API key's creator (null once that member is removed). */
  member_id: number | null;
  /** An API key's role; null for sessions, which act with their member's. */
  role: MemberRole | null;
  created_at: CreatedAt;
}

export type LedgerKind = 'usage' | 'adjustment';

export interface BalanceLedgerTable {
  id: Generated<number>;
  user_id: number;
  amount_micros: number;
  balance_after_micros: number;
  reason: string;
  /** `usage`: a charge or its refund; `adjustment`: an opening balance, a credit or debit by an operator (migration 0029). */
  kind: LedgerKind;
  created_at: CreatedAt;
}

export interface RateLimitCountersTable {
  bucket: string;
  window_start: Timestamp;
  count: number;
  expires_at: Timestamp;
}

export type JobStatus = 'pending' | 'running' | 'succeeded' | 'dead';

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  status: Generated<JobStatus>;
  /** '-infinity' for "as soon as possible", so an immediate job is due whatever the clock says. */
  run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  attempts: Generated<number>;
  max_attempts: number;
  dedupe_key: string | null;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  finished_at: Timestamp | null;
}

export interface JobSchedulesTable {
  name: string;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  every_ms: number;
  next_run_at: Timestamp;
  last_run_at: Timestamp | null;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  uuid: string;
  user_id: number;
  event: string;
  url: string;
  /** The exact JSON sent, so every retry carries (and signs) the same bytes. */
  body: string;
  status: Generated<WebhookDeliveryStatus>;
  attempt_count: Generated<number>;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Timestamp | null;
  completed_at: Timestamp | null;
  /** The assistant whose event it is; null for the account's own (migration 0029). */
  assistant_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A redelivery's original delivery. */
  redelivery_of: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface WebhookDeliveryAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  started_at: Timestamp;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  /** The first 2 KB of the receiver's answer. */
  response_body: string | null;
  /** The headers the attempt sent, less the signature (migration 0029; null before it). */
  request_headers: ColumnType<Record<string, string> | null, string | null | undefined, never>;
}

export interface WebhookSigningSecretsTable {
  user_id: number;
  /** Sealed with SECRET_KEY: it must be readable to sign, so it cannot be a hash. */
  secret_sealed: string;
  created_at: Timestamp;
}

/** A jsonb column: read back parsed, written as JSON text (both drivers agree on that). */
type JsonColumn<T> = ColumnType<T, string, string>;

/** The stored assistants.widget_settings (core knows no module, so the shape is spelled here). */
export interface WidgetSettingsColumn {
  title: string | null;
  subtitle: string | null;
  avatar_url: string | null;
  primary_color: string;
  position: 'bottom-right' | 'bottom-left';
  launcher_text: string | null;
  greeting: string | null;
  allowed_origins: string[];
}

export type AssistantMode = 'pipeline' | 'multimodal' | 'dualplex';
export type CatalogModelType = 'llm' | 'multimodal' | 'dualplex';

export interface CatalogMetaTable {
  key: string;
  value: string;
}

export interface CatalogLanguagesTable {
  id: number;
  name: string;
  iso_2: string;
  default_synthesizer_provider_id: number | null;
  default_transcriber_provider_id: number | null;
}

/** Synthesizer and transcriber providers; language_ids null means every language. */
export interface CatalogProvidersTable {
  id: number;
  name: string;
  code: string;
  language_ids: number[] | null;
}

export interface CatalogVoicesTable {
  id: number;
  name: string;
  language_id: number;
  gender: string | null;
  preview_url: string | null;
  accent: string | null;
  age: string | null;
  synthesizer_provider_id: number | null;
  /** The provider's own voice id (e.g. an ElevenLabs voice id) the call engine sends. */
  provider_voice_id: string | null;
  modes: AssistantMode[];
  /** null: a public voice; otherwise a voice only this user sees. */
  user_id: number | null;
}

export interface CatalogModelsTable {
  id: number;
  type: CatalogModelType;
  name: string;
  code: string | null;
  /** The model name sent to the OpenAI-compatible endpoint, e.g. gpt-4o-mini. */
  provider_model_id: string;
  is_default: boolean;
}

/** Folders and labels share one shape. */
export interface AssistantGroupsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  color: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A custom tool header: the value sealed with SECRET_KEY; rows from before sealing hold a plain `value`. */
export interface StoredToolHeader {
  name: string;
  value_sealed?: string;
  value?: string;
}

export interface CustomToolsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string;
  endpoint: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  timeout: number;
  headers: JsonColumn<StoredToolHeader[]>;
  schema: JsonColumn<Array<{ name: string; type: 'string' | 'number' | 'boolean'; description: string }>>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type PhoneNumberType = 'normal' | 'sip' | 'caller_id';

export interface PhoneNumbersTable {
  id: Generated<number>;
  user_id: number;
  /** E.164, normalised on the way in. */
  phone_number: string;
  nickname: string | null;
  country_code: string;
  type: PhoneNumberType;
  sms_capable: boolean;
  region: string;
  has_active_subscription: boolean;
  /**
   * 'twilio': calls on this number use its own Twilio account (below) instead of the configured
   * one; 'sip': they go through the number's SIP trunk (`sip_trunks`, migration 0032).
   */
  provider: ColumnType<NumberProvider | null, NumberProvider | null | undefined, NumberProvider | null>;
  /** The number's own Twilio account, whose token `twilio_accounts` holds (migration 0023). */
  twilio_account_sid: ColumnType<string | null, string | null | undefined, string | null>;
  /** How this account's claim on the number was established; only a claimed row receives calls (at most one per number). */
  claim: ColumnType<NumberClaim | null, NumberClaim | null | undefined, NumberClaim | null>;
  /** A released dedicated number goes at the end of its billing period; null: not released. */
  release_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Bought here (migration 0030): pending until the carrier answers the purchase, then active; null: not bought here. */
  purchase_state: ColumnType<PurchaseState | null, PurchaseState | null | undefined, PurchaseState | null>;
  /** The carrier's id of a number bought here (Twilio's PN...). */
  carrier_sid: ColumnType<string | null, string | null | undefined, string | null>;
  /** What each month of a bought number costs, fixed at purchase. */
  monthly_price_micros: ColumnType<number | null, number | null | undefined, number | null>;
  /** The end of the month paid for; the renewal charges the next one then. */
  paid_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When a renewal first found the balance short; null while paid. */
  renewal_failed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Where this number's events go (renewal failed, released). */
  webhook_url: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/**
 * Own account: its Twilio account lists it; operator: an administrator assigned it; carried over:
 * from before claims were proven; purchased: bought here on the service's account.
 */
export type NumberClaim = 'own_account' | 'operator' | 'carried_over' | 'purchased';

export type PurchaseState = 'pending' | 'active';

export type NumberProvider = 'twilio' | 'sip';

export type SipTrunkType = 'extension' | 'number';
export type SipCallingFormat = '+e164' | 'e164' | 'national';
export type SipInboundAuthorization = 'auth' | 'ip';

/** A phone number's SIP trunk (migration 0032): the business's own carrier, reached through Twilio. */
export interface SipTrunksTable {
  phone_number_id: number;
  user_id: number;
  /** The number's `phone_number`, kept with it: the identity a second trunk may not repeat. */
  phone_number: string;
  sip_trunk_type: SipTrunkType;
  sip_username: string | null;
  sip_password_sealed: string | null;
  /** Canonical `host[:port][;transport=...]`. */
  sip_address: string;
  sip_calling_format: SipCallingFormat;
  inbound_authorization_type: SipInboundAuthorization;
  /** IPv4 addresses and CIDR ranges, canonical. */
  allowed_inbound_ips: JsonColumn<string[]>;
  outbound_proxy: string | null;
  /** The carrier account holding the trunk's resources, what its incoming calls name it by, and where they are sent. */
  carrier_account_sid: string | null;
  inbound_route_id: string | null;
  inbound_address: string | null;
  carrier_resources: NullableJson<Record<string, unknown>>;
  /** Held while the carrier is being changed; null or past: free. */
  changing_until: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A tenant's own Twilio account: one account's per SID, with the token Twilio accepted (migration 0023). */
export interface TwilioAccountsTable {
  account_sid: string;
  user_id: number;
  /** Sealed with SECRET_KEY; never returned by the API. */
  auth_token_sealed: string;
  /** When Twilio accepted the token; null for a SID carried over from before credentials were proven. */
  verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** Column names equal the API field names of spec 4.5, so a patch maps onto a row one to one. */
export interface AssistantsTable {
  id: Generated<number>;
  uuid: string;
  user_id: number;
  status: 'active' | 'inactive';
  name: string;
  type: 'inbound' | 'outbound';
  mode: AssistantMode;
  voice_id: number;
  language_id: number;
  timezone: string;
  initial_message: string;
  system_prompt: string;
  llm_model_id: number | null;
  multimodal_model_id: number | null;
  chat_llm_fallback_id: number | null;
  turn_detection_threshold: number | null;
  secondary_language_ids: number[];
  knowledgebase_id: number | null;
  knowledgebase_mode: 'function_call' | 'prompt';
  folder_id: number | null;
  phone_number_id: number | null;
  /** Built-in tools; third-party API keys inside are sealed with SECRET_KEY. */
  tools: JsonColumn<Array<Record<string, unknown>>>;
  tts_emotion_enabled: boolean;
  voice_stability: number;
  voice_similarity: number;
  speech_speed: number;
  llm_temperature: number;
  synthesizer_provider_id: number | null;
  transcriber_provider_id: number | null;
  allow_interruptions: boolean;
  fillers: boolean;
  filler_config: JsonColumn<Record<'positive' | 'negative' | 'question' | 'neutral', string[]>>;
  record: boolean;
  enable_noise_cancellation: boolean;
  wait_for_customer: boolean;
  max_duration: number;
  max_silence_duration: number;
  max_initial_silence_duration: number | null;
  ringing_time: number;
  reengagement_interval: number;
  reengagement_prompt: string | null;
  end_call_on_voicemail: boolean;
  voice_mail_message: string | null;
  endpoint_type: 'vad' | 'ai';
  endpoint_sensitivity: number;
  interrupt_sensitivity: number;
  min_interrupt_words: number | null;
  ambient_sound: 'off' | 'office' | 'city' | 'forest' | 'crowded_room' | 'cafe' | 'nature';
  ambient_sound_volume: number;
  is_webhook_active: boolean;
  webhook_url: string | null;
  send_webhook_only_on_completed: boolean;
  include_recording_in_webhook: boolean;
  post_call_evaluation: boolean;
  post_call_schema: JsonColumn<Array<{ name: string; type: 'string' | 'number' | 'bool'; description: string }>>;
  variables: JsonColumn<Record<string, string | number | boolean>>;
  conversation_inactivity_timeout: number | null;
  conversation_ended_retrigger: boolean;
  conversation_ended_webhook_url: string | null;
  /** Set by /user/assistants/enable-inbound-webhook (migration 0011); null when off. */
  inbound_webhook_url: string | null;
  /** The API's widget_daily_budget_usd in micro-USD; null = no cap. */
  widget_daily_budget_micros: ColumnType<number | null, number | null | undefined, number | null>;
  /** The chat widget's look and allowed origins (the complete object of widget-settings.schemas.ts). */
  widget_settings: JsonColumn<WidgetSettingsColumn>;
  /** Bumped by a trigger on every UPDATE (migration 0014); updates write only at the version they read. */
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AssistantLabelsTable {
  assistant_id: number;
  label_id: number;
}

export interface AssistantToolsTable {
  assistant_id: number;
  tool_id: number;
}

/** A jsonb column that may be null. */
type NullableJson<T> = ColumnType<T | null, string | null, string | null>;

export type ConversationType = 'widget' | 'test' | 'api' | 'whatsapp' | 'sms';

/** A recorded function call of an assistant message (spec 2.9). */
export interface FunctionCallRecord {
  name: string;
  arguments: Record<string, unknown>;
  result: Record<string, unknown>;
}

export interface ConversationsTable {
  id: Generated<number>;
  uuid: string;
  user_id: number;
  /** The assistant the conversation was opened with; generate-reply finds conversations by it. */
  origin_assistant_id: number;
  /** The assistant answering now (differs from the origin after an assistant transfer). */
  assistant_id: number;
  type: ConversationType;
  status: Generated<'active' | 'ended'>;
  variables: NullableJson<Record<string, unknown>>;
  external_identifier: string | null;
  customer_phone: string | null;
  customer_name: string | null;
  chatapp_sender_id: number | null;
  /** The number an SMS conversation runs on (null for other types, or once the number is deleted). */
  sms_phone_number_id: Generated<number | null>;
  message_count: Generated<number>;
  total_cost_micros: Generated<number>;
  ai_enabled: Generated<boolean>;
  /** Tickets for one-at-a-time processing across processes (see migration 0006). */
  turn_issued: Generated<number>;
  turn_done: Generated<number>;
  turn_lease_until: Timestamp | null;
  last_activity_at: Timestamp;
  /** When the pending inactivity job runs; null when none is pending (the next activity arms one). */
  inactivity_check_at: Timestamp | null;
  ended_at: Timestamp | null;
  end_reason: string | null;
  extracted_variables: NullableJson<Record<string, unknown>>;
  /** When evaluation and the ended webhook were done for the latest end (at most once per end). */
  finalized_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ConversationMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  role: 'user' | 'assistant' | 'system';
  content: string;
  function_calls: NullableJson<FunctionCallRecord[]>;
  assistant_id: number | null;
  /** The chatapp message a user message came from: a repeated inbound job is recognised by it. */
  chatapp_message_id: number | null;
  created_at: Timestamp;
}

export interface ConversationChargesTable {
  id: Generated<number>;
  user_id: number;
  conversation_id: number | null;
  amount_micros: number;
  status: Generated<'reserved' | 'captured' | 'refunded'>;
  created_at: Timestamp;
  settled_at: Timestamp | null;
  /** Set when the charge counted in a widget daily spend cap: whose and which UTC day. */
  budget_assistant_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A date column: the drivers read it differently, so it is only written and compared in SQL. */
  budget_day: ColumnType<unknown, string | null | undefined, string | null>;
}

/** Widget spend per assistant and UTC day, counted against widget_daily_budget_micros. */
export interface WidgetDailySpendTable {
  assistant_id: number;
  /** 'YYYY-MM-DD' (UTC); only written and compared in SQL. */
  day: ColumnType<unknown, string, never>;
  spent_micros: number;
}

export type KnowledgeDocumentType = 'website' | 'pdf' | 'txt' | 'docx';
export type KnowledgeDocumentStatus = 'processing' | 'active' | 'failed';

export interface KnowledgebasesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface KnowledgeDocumentsTable {
  id: Generated<number>;
  knowledgebase_id: number;
  name: string;
  description: string | null;
  type: KnowledgeDocumentType;
  status: Generated<KnowledgeDocumentStatus>;
  /** Why processing failed, in words a user can act on. */
  failure_reason: string | null;
  source_url: string | null;
  source_links: string[] | null;
  relative_links_limit: number | null;
  /** The uploaded bytes until the processing job has used them. */
  source_file: Buffer | null;
  text_search_config: string | null;
  chunks_count: Generated<number>;
  processed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface KnowledgeChunksTable {
  id: Generated<number>;
  knowledgebase_id: number;
  document_id: number;
  position: number;
  heading: Generated<string>;
  content: string;
  source_url: string | null;
  /** Written with SQL (to_tsvector), never from JS. */
  search_vector: ColumnType<string, never, never>;
  embedding: number[] | null;
}

export type ChatappPlatformKind = 'cloud_api' | 'simulator';

export interface ChatappSendersTable {
  id: Generated<number>;
  user_id: number;
  platform: ChatappPlatformKind;
  display_name: string;
  /** E.164. */
  phone_number: string;
  /** ISO 3166 alpha-2 of phone_number; decides whether business-initiated calls are allowed. */
  country_code: string | null;
  phone_number_id: string | null;
  waba_id: string | null;
  /** Sealed with SECRET_KEY; never returned by the API. */
  access_token_sealed: string | null;
  /** The business name the platform verified for the number (cloud_api, when it has one). */
  verified_name: ColumnType<string | null, string | null | undefined, string | null>;
  status: Generated<'online' | 'offline'>;
  quality_rating: string | null;
  messaging_limit: number | null;
  voice_calling_enabled: Generated<boolean>;
  voice_webhook_url: string | null;
  assistant_id: number | null;
  templates_synced_at: Timestamp | null;
  templates_sync_error: string | null;
  /** The platform's review of the display name (APPROVED, PENDING, DECLINED, ...), as it last reported it. */
  name_status: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the platform state made the sender offline (number disconnected, token revoked); null while online. */
  offline_reason: ColumnType<string | null, string | null | undefined, string | null>;
  state_synced_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Receives `message_status` events for this sender's outbound messages. */
  status_webhook_url: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type ChatappTemplateStatus = 'approved' | 'pending' | 'rejected';

export interface ChatappTemplatesTable {
  id: Generated<number>;
  sender_id: number;
  platform_template_id: string;
  name: string;
  language: string;
  category: string;
  status: ChatappTemplateStatus;
  /** Placeholders always written {{1}}, {{2}}, also for templates with named parameters. */
  body_text: string;
  /** One name per placeholder, in placeholder order. */
  variables: string[];
  parameter_format: 'positional' | 'named';
  /** Carries the platform's call-permission-request component: a "Voice Call Request" template. */
  is_call_permission: Generated<boolean>;
  /** text, image, video or document when the header takes a value at send time; null otherwise. */
  header_format: ColumnType<string | null, string | null | undefined, string | null>;
  /** The keys a send fills the header with: `header_1` (or the named parameter), `header_image`, ... */
  header_variables: ColumnType<string[], string[] | undefined, string[]>;
  /** One key per URL button with a variable: `button_<index>`. */
  button_variables: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type ChatappPermissionStatus = 'pending' | 'granted' | 'rejected' | 'revoked';

export interface ChatappConversationsTable {
  id: Generated<number>;
  uuid: string;
  user_id: number;
  sender_id: number;
  customer_phone: string;
  customer_name: string | null;
  /** The 24-hour window runs from here. */
  last_customer_message_at: Timestamp | null;
  last_message_at: Timestamp | null;
  permission_status: ChatappPermissionStatus | null;
  permission_permanent: Generated<boolean>;
  permission_expires_at: Timestamp | null;
  permission_requested_at: Timestamp | null;
  permission_updated_at: Timestamp | null;
  /** A connected call: asks before this time no longer count against the platform caps. */
  asks_reset_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type ChatappMessageStatus = 'received' | 'queued' | 'sent' | 'delivered' | 'read' | 'failed';

export interface ChatappMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  direction: 'inbound' | 'outbound';
  kind: string;
  body: string;
  template_id: number | null;
  platform_message_id: string | null;
  status: ChatappMessageStatus;
  error_code: number | null;
  error_message: string | null;
  platform_timestamp: Timestamp | null;
  /** The platform's media id (image, audio, video, document, sticker); the file stays on the platform. */
  media_id: string | null;
  media_mime_type: string | null;
  media_caption: string | null;
  media_filename: string | null;
  /** Set on group traffic: never a private window, never an automatic answer. */
  group_id: string | null;
  /** The customer deleted the message (`revoke`). */
  deleted_at: Timestamp | null;
  /** The customer edited the message; `original_body` keeps what they first wrote. */
  edited_at: Timestamp | null;
  original_body: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ChatappCallPermissionRequestsTable {
  id: Generated<number>;
  conversation_id: number;
  user_id: number;
  template_id: number | null;
  message_id: number | null;
  /** sending: reserved while the platform call is in flight (it counts); failed: counts nowhere. */
  state: 'sending' | 'sent' | 'failed';
  error: string | null;
  requested_at: Timestamp;
  created_at: CreatedAt;
}

/** Document frequency per word and knowledge base, kept in step with the chunks. */
export interface KnowledgeLexemesTable {
  knowledgebase_id: number;
  lexeme: string;
  chunk_count: number;
}

export type CallStatus =
  | 'initiated'
  | 'ringing'
  | 'in-progress'
  | 'completed'
  | 'busy'
  | 'no-answer'
  | 'failed'
  | 'ended'
  | 'ended_by_customer'
  | 'ended_by_assistant';

/** One line of a call transcript, as the reference shows it (timestamp: unix seconds, fractional). */
export interface CallTranscriptEntry {
  text: string;
  type: 'transcript';
  sender: 'bot' | 'human';
  timestamp: number;
  /** On a bot entry: the functions the assistant called for that reply. */
  function_calls?: FunctionCallRecord[];
  /** On a bot entry answering the caller's words (pipeline calls): where the reply's time went. */
  latency?: TurnLatency;
}

/** Marks of one voice reply, Unix seconds with millisecond precision; null when not known. */
export interface TurnLatency {
  /** The caller's last speech before the turn ended, as the engine's detector heard it. */
  caller_speech_ended_at: number | null;
  /** The transcriber's final transcript of the turn arrived. */
  transcript_final_at: number | null;
  model_first_token_at: number | null;
  /** The reply's first audio went out to the caller (also the entry's timestamp). */
  first_audio_sent_at: number | null;
}

export interface CallsTable {
  id: Generated<number>;
  uuid: string;
  user_id: number;
  assistant_id: number | null;
  phone_number_id: number | null;
  type: 'inbound' | 'outbound' | 'web' | 'whatsapp_outbound' | 'whatsapp_inbound';
  direction: 'inbound' | 'outbound';
  /** A browser test call with the owner's token: free. */
  is_test: Generated<boolean>;
  status: CallStatus;
  provider: 'twilio' | 'web' | 'chatapp';
  provider_call_id: string | null;
  /** The telephony account the call runs on (Twilio AccountSid). */
  provider_account_id: string | null;
  from_number: string | null;
  to_number: string | null;
  variables: JsonColumn<Record<string, unknown>>;
  transcript: ColumnType<CallTranscriptEntry[], string | undefined, string>;
  evaluation: NullableJson<Record<string, unknown>>;
  answered_by: string | null;
  duration_seconds: number | null;
  end_reason: string | null;
  recording_path: string | null;
  recording_url: string | null;
  price_per_minute_micros: number;
  reserved_micros: Generated<number>;
  cost_micros: Generated<number>;
  billing_settled_at: Timestamp | null;
  /** The process holding the call's media; null while dialing. */
  lease_holder: string | null;
  /** A live call whose lease passed is closed by the sweep. */
  lease_until: Timestamp | null;
  heartbeat_at: Timestamp | null;
  answered_at: Timestamp | null;
  ended_at: Timestamp | null;
  /** Evaluation done and the post-call webhook queued. */
  finalized_at: Timestamp | null;
  /** The chatapp sender a platform call runs on (migration 0016). */
  chatapp_sender_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The platform's word on a live chatapp call for the process holding its peer (SDP answer, hang-up). */
  chatapp_signal: ColumnType<ChatappCallSignal | null, string | null | undefined, string | null>;
  /** A warm transfer's supervisor leg, `{CallSid}:{status}`, for the process holding the media (migration 0018). */
  supervisor_status: ColumnType<string | null, string | null | undefined, string | null>;
  /** A public browser call's client network (an IPv4 address or IPv6 /64), for its per-network cap (migration 0022). */
  client_network: ColumnType<string | null, string | null | undefined, string | null>;
  /** The UTC day whose widget budget the call's minutes counted against; only written and compared in SQL. */
  budget_day: ColumnType<unknown, never, never>;
  /** What the call's minutes counted against that day's widget budget. */
  budget_micros: Generated<number>;
  /** The campaign and lead a campaign call dials (migration 0025). */
  campaign_id: ColumnType<number | null, number | null | undefined, number | null>;
  lead_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChatappCallSignal {
  answerSdp?: string;
  /** The customer picked up a business call (the platform's ACCEPTED status). */
  accepted?: boolean;
  terminated?: boolean;
  /** How the platform ended it (with `terminated`): the outcome, and the talk time it measured. */
  end?: { status: CallStatus; reason: string; durationSeconds: number | null; failed: boolean };
}

export interface Database {
  calls: CallsTable;
  users: UsersTable;
  members: MembersTable;
  invitations: InvitationsTable;
  oidc_logins: OidcLoginsTable;
  audit_events: AuditEventsTable;
  access_tokens: AccessTokensTable;
  balance_ledger: BalanceLedgerTable;
  rate_limit_counters: RateLimitCountersTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  webhook_signing_secrets: WebhookSigningSecretsTable;
  catalog_meta: CatalogMetaTable;
  catalog_languages: CatalogLanguagesTable;
  catalog_voices: CatalogVoicesTable;
  catalog_models: CatalogModelsTable;
  catalog_synthesizer_providers: CatalogProvidersTable;
  catalog_transcriber_providers: CatalogProvidersTable;
  folders: AssistantGroupsTable;
  labels: AssistantGroupsTable;
  custom_tools: CustomToolsTable;
  phone_numbers: PhoneNumbersTable;
  twilio_accounts: TwilioAccountsTable;
  sip_trunks: SipTrunksTable;
  assistants: AssistantsTable;
  assistant_labels: AssistantLabelsTable;
  assistant_tools: AssistantToolsTable;
  knowledgebases: KnowledgebasesTable;
  knowledge_documents: KnowledgeDocumentsTable;
  knowledge_chunks: KnowledgeChunksTable;
  knowledge_lexemes: KnowledgeLexemesTable;
  conversations: ConversationsTable;
  conversation_messages: ConversationMessagesTable;
  conversation_charges: ConversationChargesTable;
  widget_daily_spend: WidgetDailySpendTable;
  chatapp_senders: ChatappSendersTable;
  chatapp_templates: ChatappTemplatesTable;
  chatapp_conversations: ChatappConversationsTable;
  chatapp_messages: ChatappMessagesTable;
  chatapp_call_permission_requests: ChatappCallPermissionRequestsTable;
  campaigns: CampaignsTable;
  leads: LeadsTable;
  lead_attempts: LeadAttemptsTable;
  do_not_call_numbers: DoNotCallNumbersTable;
  sms_messages: SmsMessagesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type AccessTokenRow = Selectable<AccessTokensTable>;
export type MemberRow = Selectable<MembersTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type AuditEventRow = Selectable<AuditEventsTable>;

export type CampaignStatus = 'draft' | 'in-progress' | 'paused' | 'stopped' | 'completed';

export interface CampaignsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  assistant_id: number | null;
  status: Generated<CampaignStatus>;
  /** Why the dialer paused the campaign (its owner's balance, its assistant gone). */
  pause_reason: ColumnType<string | null, string | null | undefined, string | null>;
  timezone: string;
  max_calls_in_parallel: number;
  /** HH:MM in the campaign's time zone. */
  allowed_hours_start_time: string;
  allowed_hours_end_time: string;
  allowed_days: JsonColumn<string[]>;
  max_retries: number;
  /** Minutes. */
  retry_interval: number;
  retry_on_voicemail: boolean;
  retry_on_goal_incomplete: boolean;
  goal_completion_variable: string | null;
  mark_complete_when_no_leads: boolean;
  phone_number_ids: JsonColumn<number[]>;
  dial_sequence: ColumnType<string, never, string | number>;
  pre_dial_webhook_url: string | null;
  pre_dial_webhook_secret: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type LeadStatus = 'created' | 'scheduled' | 'processing' | 'completed' | 'rescheduled' | 'reached-max-retries' | 'blacklisted';

export interface LeadsTable {
  id: Generated<number>;
  user_id: number;
  campaign_id: number;
  /** Set on a secondary contact: the lead it belongs to. */
  parent_lead_id: number | null;
  position: Generated<number>;
  phone_number: string;
  variables: JsonColumn<Record<string, unknown>>;
  status: Generated<LeadStatus>;
  call_tries: Generated<number>;
  contact_position: Generated<number>;
  contact_tries: Generated<number>;
  next_attempt_at: Timestamp | null;
  current_call_id: number | null;
  reserved_until: Timestamp | null;
  last_outcome: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LeadAttemptsTable {
  id: Generated<number>;
  user_id: number;
  lead_id: number;
  campaign_id: number;
  phone_number: string;
  call_id: number | null;
  outcome: string | null;
  detail: string | null;
  started_at: Timestamp;
  ended_at: Timestamp | null;
}

export interface DoNotCallNumbersTable {
  id: Generated<number>;
  user_id: number;
  phone_number: string;
  source: 'api' | 'import' | 'opt_out' | 'evaluation' | 'sms_stop';
  reason: string | null;
  created_at: Timestamp;
}

export type SmsStatus = 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'received';

/** SMS sent from and received on the account's numbers (migration 0031). */
export interface SmsMessagesTable {
  id: Generated<number>;
  user_id: number;
  phone_number_id: number | null;
  direction: 'outbound' | 'inbound';
  /** Who wrote it: the API, the assistant, the HELP answer, or the customer (inbound). */
  origin: 'api' | 'assistant' | 'help' | 'customer';
  from_number: string;
  to_number: string;
  body: string;
  encoding: 'GSM-7' | 'UCS-2';
  segments: number;
  segment_price_micros: number;
  total_cost_micros: number;
  status: SmsStatus;
  sms_sid: string | null;
  provider_account_sid: string | null;
  error_code: number | null;
  error_message: string | null;
  conversation_id: number | null;
  answered_at: Timestamp | null;
  refunded_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
