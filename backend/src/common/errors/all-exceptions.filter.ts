import type { ApiErrorBody, ApiErrorCode } from '@healthlink/contracts';
import { CommonErrorCode } from '@healthlink/contracts';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loggableUrl } from '../http/loggable-url';
import { AppError } from './app-error';
import { logSafeError, refusedValueOf } from './log-safe-error';
import { isDatabaseUnavailableError, serviceUnavailableError } from './service-unavailable';

/** Answers a 404 for a path outside the API instead of the JSON error (the web's deep links); true if it did. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

interface Mapped {
  status: number;
  body: ApiErrorBody<ApiErrorCode>;
  unexpected: boolean;
  retryAfterSeconds?: number;
  /** SQLSTATE of a value the database refused (mapped to 400): a validation the API is missing. */
  refusedSqlState?: string;
}

const FASTIFY_BODY_ERRORS: Record<string, { status: number; code: CommonErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: CommonErrorCode.MalformedJson, message: 'Malformed JSON body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: CommonErrorCode.MalformedJson, message: 'Malformed JSON body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: CommonErrorCode.PayloadTooLarge, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: CommonErrorCode.UnsupportedMediaType,
    message: 'Unsupported content type: the API accepts JSON bodies only (Content-Type: application/json)',
  },
};

const CODE_BY_STATUS: Record<number, CommonErrorCode> = {
  400: CommonErrorCode.BadRequest,
  401: CommonErrorCode.Unauthorized,
  403: CommonErrorCode.Forbidden,
  404: CommonErrorCode.NotFound,
  405: CommonErrorCode.MethodNotAllowed,
  409: CommonErrorCode.Conflict,
  413: CommonErrorCode.PayloadTooLarge,
  415: CommonErrorCode.UnsupportedMediaType,
  429: CommonErrorCode.TooManyRequests,
  503: CommonErrorCode.ServiceUnavailable,
};

const MESSAGE_BY_STATUS: Record<number, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  503: 'Service unavailable',
};

/** The one place that turns any error into the API's error body. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  constructor(private readonly notFoundFallback?: NotFoundFallback) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const correlationId = String(request.id);
    const mapped = this.map(exception);

    if (mapped.status === HttpStatus.NOT_FOUND && this.notFoundFallback?.(request, reply)) return;

    if (mapped.unexpected || mapped.status >= 500) {
      mapped.body.correlationId = correlationId;
      const error = exception instanceof Error ? exception : new Error(String(exception));
      // Never the SQL, its parameters or the driver's details: they carry what the person typed.
      const err = logSafeError(error) as { stack?: string };
      this.logger.error({ err, correlationId, method: request.method, url: loggableUrl(request.url) }, err.stack);
    }
    if (mapped.refusedSqlState) {
      const context = { sqlState: mapped.refusedSqlState, correlationId, method: request.method, url: loggableUrl(request.url) };
      this.logger.warn(context, 'the database refused a value of the request');
    }
    if (reply.sent) return;
    if (mapped.retryAfterSeconds) reply.header('retry-after', String(mapped.retryAfterSeconds));
    void reply.status(mapped.status).header('x-correlation-id', correlationId).send(mapped.body);
  }

  private map(exception: unknown): Mapped {
    if (exception instanceof AppError) {
      const body: ApiErrorBody<ApiErrorCode> = { code: exception.code, message: exception.message };
      if (exception.fieldErrors?.length) body.errors = exception.fieldErrors;
      return { status: exception.status, body, unexpected: false, retryAfterSeconds: exception.retryAfterSeconds };
    }
    if (exception instanceof HttpException) {
      const fastifyCode = (exception.cause as { code?: string } | undefined)?.code;
      const known = fastifyCode ? FASTIFY_BODY_ERRORS[fastifyCode] : undefined;
      if (known) return { status: known.status, body: { code: known.code, message: known.message }, unexpected: false };
      const status = exception.getStatus();
      const code = CODE_BY_STATUS[status] ?? (status >= 500 ? CommonErrorCode.Internal : CommonErrorCode.Invalid);
      const message = MESSAGE_BY_STATUS[status] ?? (status >= 500 ? 'Internal server error' : (messageOf(exception) ?? 'Bad request'));
      return { status, body: { code, message }, unexpected: false };
    }
    const refused = refusedValueOf(exception);
    if (refused) {
      const body = { code: CommonErrorCode.InvalidValue, message: refused.message };
      return { status: HttpStatus.BAD_REQUEST, body, unexpected: false, refusedSqlState: refused.sqlState };
    }
    // The database is down or restarting: a 503 to try again, not a 500 (and never a 401: see JwtStrategy).
    if (isDatabaseUnavailableError(exception)) return this.map(serviceUnavailableError());
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      body: { code: CommonErrorCode.Internal, message: 'Internal server error' },
      unexpected: true,
    };
  }
}

function messageOf(exception: HttpException): string | undefined {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return undefined;
}
