/**
 * What the chatapp module needs from a messaging platform. Two adapters implement it: the real
 * Graph API (cloud-api.ts) and an offline simulator (simulator.ts). Phone numbers cross this
 * boundary in E.164; each adapter converts to its own wire form.
 */
export interface ChatappPlatform {
  /**
   * Proves the credentials may use the number: the platform lets them read it and lists it in
   * the business account. Null when there is nothing to prove (the simulator owns no numbers).
   */
  verifyNumber(): Promise<VerifiedNumber | null>;
  /** Every template of the business account, all pages. */
  listTemplates(): Promise<PlatformTemplate[]>;
  sendText(to: string, text: string): Promise<SentMessage>;
  sendMedia(to: string, media: MediaToSend): Promise<SentMessage>;
  sendTemplate(to: string, template: TemplateToSend): Promise<SentMessage>;
  /** The free-form interactive "allow calls" request; only valid inside the 24-hour window. */
  sendCallPermissionRequest(to: string, bodyText: string): Promise<SentMessage>;
  /** The platform's own view of the permission and its ask limits; null when it has none. */
  getCallPermission(to: string): Promise<PlatformCallPermission | null>;
  /** Where a customer's media file can be downloaded, and with what credentials; null when the platform has none. */
  mediaLocation(mediaId: string): Promise<MediaLocation | null>;
  /** The number's health as the platform reports it now; null when there is none (simulator). */
  getNumberState(): Promise<NumberState | null>;
  /** Voice calls over WebRTC (signalling through the platform); absent where there are none (simulator). */
  calling?: PlatformCalling;
}

/**
 * `POST /{phone-number-id}/calls` actions and `POST /{phone-number-id}/settings` (reference
 * voice.md §5). SDPs are whole (no trickle ICE); `callId` is the platform's wacid.
 */
export interface PlatformCalling {
  /** Business-initiated: our offer; the answer arrives in the `calls` webhook. `callbackData` comes back in its events. */
  connect(to: string, sdpOffer: string, callbackData: string): Promise<{ callId: string }>;
  /** User-initiated: our answer before media flows, then the same SDP again to pick up. */
  preAccept(callId: string, sdpAnswer: string): Promise<void>;
  accept(callId: string, sdpAnswer: string, callbackData: string): Promise<void>;
  reject(callId: string): Promise<void>;
  /** Required even when the media already ended (the platform bills by it). */
  terminate(callId: string): Promise<void>;
  /** Calling on or off for the number (Opus, which our leg speaks, is always on). */
  setCallingEnabled(enabled: boolean): Promise<void>;
}

/** `GET /{phone_number_id}?fields=status,quality_rating,messaging_limit_tier,name_status`, read. */
export interface NumberState {
  /** CONNECTED, DISCONNECTED, FLAGGED, ... as the platform writes it; null when absent. */
  status: string | null;
  qualityRating: string | null;
  /** Per 24 hours; null: unlimited; undefined: the platform did not say. */
  messagingLimit: number | null | undefined;
  nameStatus: string | null;
}

/** The number as the platform knows it, once the credentials have proved they hold it. */
export interface VerifiedNumber {
  /** As the platform writes it, e.g. `+1 631-555-5555`. */
  displayPhoneNumber: string;
  /** The business name the platform approved for the number, when it has one. */
  verifiedName: string | null;
}

export interface PlatformTemplate {
  platformId: string;
  name: string;
  language: string;
  /** Lower-case: marketing, utility, authentication. */
  category: string;
  /** null: the platform has deleted or archived it, so it is not kept. */
  status: 'approved' | 'pending' | 'rejected' | null;
  /** Placeholders written {{1}}, {{2}} whatever the template's own format. */
  bodyText: string;
  variables: string[];
  parameterFormat: 'positional' | 'named';
  isCallPermission: boolean;
  /** Set when the header takes a value at send time: its text placeholder, or the media to show. */
  headerFormat: HeaderFormat | null;
  /** Keys a send fills the header with: `header_1` (`header_<name>` when named), or `header_image` etc. */
  headerVariables: string[];
  /** `button_<index>` for each URL button whose link has a placeholder. */
  buttonVariables: string[];
}

export type HeaderFormat = 'text' | 'image' | 'video' | 'document';

export interface TemplateToSend {
  name: string;
  language: string;
  parameterFormat: 'positional' | 'named';
  /** In placeholder order; `name` is used for named templates. */
  parameters: Array<{ name: string; value: string }>;
  /** A text header's value (with its name for named templates) or a media header's link or media id. */
  header?: { format: 'text'; name: string; value: string } | { format: Exclude<HeaderFormat, 'text'>; link?: string; mediaId?: string };
  /** URL buttons' values, by the button's position in the template. */
  buttons?: Array<{ index: number; value: string }>;
}

export type MediaKind = 'image' | 'audio' | 'video' | 'document';

export interface MediaToSend {
  kind: MediaKind;
  url: string;
  caption?: string;
  filename?: string;
}

export interface MediaLocation {
  /** The platform's own download URL (short-lived). */
  url: string;
  mimeType: string | null;
  /** The Authorization header value the download needs. */
  authorization: string;
}

export interface SentMessage {
  platformMessageId: string;
}

export interface PlatformCallPermission {
  status: 'no_permission' | 'temporary' | 'permanent' | 'unknown';
  expiresAt: Date | null;
  /** Whether another permission request may be sent now, all platform limits considered. */
  canSendRequest: boolean | null;
}

/**
 * A platform call that failed. `rejected`: the platform answered with an error (its code and
 * message are kept for the caller); `unavailable`: no usable answer (network, timeout, 5xx).
 */
export class PlatformError extends Error {
  readonly kind: 'rejected' | 'unavailable';
  readonly code: number | null;
  readonly subcode: number | null;
  readonly details: string | null;
  readonly httpStatus: number | null;
  /** The platform's request id, what its support asks for. */
  readonly fbtraceId: string | null;

  constructor(init: {
    kind: 'rejected' | 'unavailable';
    message: string;
    code?: number | null;
    subcode?: number | null;
    details?: string | null;
    httpStatus?: number | null;
    fbtraceId?: string | null;
  }) {
    super(init.message);
    this.name = 'PlatformError';
    this.kind = init.kind;
    this.code = init.code ?? null;
    this.subcode = init.subcode ?? null;
    this.details = init.details ?? null;
    this.httpStatus = init.httpStatus ?? null;
    this.fbtraceId = init.fbtraceId ?? null;
  }
}

/** Platform error codes the module reacts to (reference §8). */
export const PLATFORM_CODES = {
  reEngagement: 131047,
  templateParamMismatch: [132000, 132012, 132018],
  templateMissing: 132001,
  permissionRequestLimit: 138009,
  permanentPermissionExists: 138017,
  callingRegionUnavailable: 138013,
  callingNotEnabled: 138000,
  noCallPermission: 138006,
  concurrentCalls: 138002,
  callRateLimit: 138005,
  businessCallLimit: 138012,
  /** The access token expired or was revoked: nothing works until the owner gives a new one. */
  tokenInvalid: 190,
  /**
   * Throttles that pass: the app's call rate (4), the WABA's (80007), the number's throughput
   * (130429) and one customer's pair limit (131056, about one message per 6 seconds). Each with
   * how long to wait before trying again.
   */
  throttled: { 4: 60, 80007: 60, 130429: 1, 131056: 6 } as Record<number, number>,
} as const;
