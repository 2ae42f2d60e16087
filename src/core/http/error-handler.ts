import type { FastifyError, FastifyRequest } from 'fastify';
import type { App } from './fastify-types.js';
import { AppError, renderError, validationFailed, type ErrorShape } from './errors.js';
import { schemaErrorSummary, translateSchemaErrors } from './validation-messages.js';

/** One central place that turns anything thrown into the route family's wire shape. */
export function installErrorHandling(app: App): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const appError = toAppError(error, request);
    logOutcome(request, error, appError);
    // 401 is the same plain body on every route, whatever family it belongs to.
    const familyShape = appError.statusCode === 401 ? 'plain' : (request.routeOptions.config?.errorShape ?? 'plain');
    const shape = declaredShape(request.routeOptions.schema?.response, appError.statusCode) ?? familyShape;
    void reply
      .status(appError.statusCode)
      .headers(appError.headers ?? {})
      // Error bodies are built here from known fields only, so they need no response-schema
      // filtering; serialising them with that schema could only turn a 4xx into a 500.
      .type('application/json; charset=utf-8')
      .serializer((body: unknown) => JSON.stringify(body))
      .send(renderError(appError, shape));
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ message: `The route ${request.url.split('?')[0]} could not be found.` });
  });
}

/**
 * Only what nobody meant to happen is an "unhandled error" with its stack. A refusal the code
 * chose (any AppError, a 4xx of the framework) is an answer, not a failure: 4xx are not logged
 * (the request log at debug level shows them), and a deliberate 5xx (503: a provider this server
 * lacks) is one warning line naming its reason, for the operator who can act on it.
 */
function logOutcome(request: FastifyRequest, thrown: FastifyError | AppError, answered: AppError): void {
  if (answered.statusCode < 500) return;
  if (thrown instanceof AppError) {
    request.log.warn({ statusCode: answered.statusCode, code: answered.code, reason: answered.message }, 'request refused');
    return;
  }
  request.log.error({ err: thrown }, 'unhandled error');
}

function toAppError(error: FastifyError | AppError, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  const config = request.routeOptions.config ?? {};
  if (error.validation) {
    if (error.validationContext === 'params') {
      return new AppError(404, config.notFoundMessage ?? 'Not found.', { code: config.notFoundCode });
    }
    const fieldErrors = translateSchemaErrors(error.validation as never, {}, config.messageDialect);
    return validationFailed(fieldErrors, config.validationMessage ?? schemaErrorSummary(error.validation as never, fieldErrors));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const known = FRAMEWORK_ERRORS[error.code];
    return new AppError(status, known?.message ?? error.message, { code: known?.code ?? error.code });
  }
  return new AppError(500, 'Server Error', { code: 'SERVER_ERROR' });
}

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large) in plain words and our codes. */
const FRAMEWORK_ERRORS: Record<string, { message: string; code: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { message: 'The request body is not valid JSON.', code: 'INVALID_JSON' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    message: 'Unsupported content type. Send JSON with Content-Type: application/json.',
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'The request body is too large.', code: 'BODY_TOO_LARGE' },
};

/**
 * A route may declare its own body for a status (generate-reply answers 400 in the coded shape
 * while its family speaks the validation shape); every error with that status, the framework's
 * own included, then takes the declared shape, so the body always matches the document.
 */
function declaredShape(responses: unknown, status: number): ErrorShape | undefined {
  const declared = (responses as Record<string, { properties?: Record<string, unknown> }> | undefined)?.[status];
  const properties = declared?.properties;
  if (!properties) return undefined;
  if ('error_code' in properties) return 'coded';
  if ('status' in properties && 'error' in properties) return 'conversation';
  if ('error' in properties && !('message' in properties)) return 'error';
  if ('message' in properties) return 'plain';
  return undefined;
}
