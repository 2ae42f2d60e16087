import type { FastifyError, FastifyRequest } from 'fastify';
import type { App } from './fastify-types.js';
import { AppError, renderError, validationFailed } from './errors.js';
import { translateSchemaErrors } from './validation-messages.js';

/** One central place that turns anything thrown into the route family's wire shape. */
export function installErrorHandling(app: App): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const appError = toAppError(error, request);
    if (appError.statusCode >= 500) {
      request.log.error({ err: error }, 'unhandled error');
    }
    // 401 is the same plain body on every route, whatever family it belongs to.
    const shape = appError.statusCode === 401 ? 'plain' : (request.routeOptions.config?.errorShape ?? 'plain');
    void reply
      .status(appError.statusCode)
      .headers(appError.headers ?? {})
      .send(renderError(appError, shape));
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ message: `The route ${request.url.split('?')[0]} could not be found.` });
  });
}

function toAppError(error: FastifyError | AppError, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  const config = request.routeOptions.config ?? {};
  if (error.validation) {
    if (error.validationContext === 'params') {
      return new AppError(404, config.notFoundMessage ?? 'Not found.', { code: config.notFoundCode });
    }
    return validationFailed(translateSchemaErrors(error.validation as never), config.validationMessage);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return new AppError(status, clientErrorMessage(error), { code: error.code });
  }
  return new AppError(500, 'Server Error', { code: 'SERVER_ERROR' });
}

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large) in plain words. */
function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty but the content type is application/json.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type. Send JSON with Content-Type: application/json.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    default:
      return error.message;
  }
}
