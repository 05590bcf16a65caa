import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { ErrorLogEntity, JsonValue } from './entities/error-log.entity';

export interface NewErrorLogRow {
  userId: string | null;
  insurerName: string | null;
  host: string | null;
  errorType: string;
  errorDetails: unknown;
}

@Injectable()
export class ErrorLogRepository {
  constructor(@InjectRepository(ErrorLogEntity) private readonly repository: Repository<ErrorLogEntity>) {}

  async insert(row: NewErrorLogRow, manager?: EntityManager): Promise<string> {
    const repository = manager ? manager.getRepository(ErrorLogEntity) : this.repository;
    const result = await repository.insert({
      ...row,
      errorDetails: row.errorDetails === undefined ? null : (row.errorDetails as JsonValue),
    });
    return result.identifiers[0].id as string;
  }

  findById(id: string): Promise<ErrorLogEntity | null> {
    return this.repository.findOneBy({ id });
  }
}
