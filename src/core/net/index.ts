export {
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  type HttpRequestOptions,
  type HttpResponse,
  type Resolver,
} from './http-client.js';
export { OutboundError, UrlRefusedError, type OutboundErrorCode } from './errors.js';
export { forbiddenAddressReason } from './address-policy.js';
export { generateSigningSecret, signPayload, verifySignature } from './signing.js';
