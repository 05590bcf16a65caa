import { ContactErrorCode, type FieldProblem } from '@healthlink/contracts';
import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/errors';

export class ContactError extends AppError<ContactErrorCode> {
  /** A broken form rule: 400 with the spec's message and the field it belongs to. */
  static rule(problem: FieldProblem): ContactError {
    return new ContactError(ContactErrorCode.Validation, HttpStatus.BAD_REQUEST, problem.message, [problem]);
  }
}
