import { Injectable } from '@nestjs/common';

/**
 * The time as the insurer module reads it (token expiry, when a link is due for its daily re-sync). A provider so
 * that a test can move it a day forward instead of waiting one.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
