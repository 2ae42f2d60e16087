import type { paths } from '../../../client/api.js';

/** Named types of the API, from the generated OpenAPI types (the one contract). */
export type { CreateAssistantRequest, PatchAssistantRequest } from '../../../client/api.js';

/** One assistant as GET /api/user/assistant/{id} gives it. */
export type Assistant = paths['/api/user/assistant/{id}']['get']['responses'][200]['content']['application/json']['data'];
