import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { PatientInfoEntity } from './entities/patient-info.entity';

export type PatientInfoColumns = Partial<
  Pick<PatientInfoEntity, 'email' | 'phoneNumber' | 'firstName' | 'lastName' | 'streetAddress' | 'city' | 'district' | 'state' | 'postalCode' | 'birthdate' | 'gender'>
>;

@Injectable()
export class PatientInfoRepository {
  constructor(@InjectRepository(PatientInfoEntity) private readonly repository: Repository<PatientInfoEntity>) {}

  private repo(manager?: EntityManager): Repository<PatientInfoEntity> {
    return manager ? manager.getRepository(PatientInfoEntity) : this.repository;
  }

  listForUser(userId: string): Promise<PatientInfoEntity[]> {
    return this.repository.find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  async existsForUser(userId: string): Promise<boolean> {
    return this.repository.existsBy({ userId });
  }

  /** Idempotent: one row per user and source, later values win. */
  async upsert(userId: string, source: string, columns: PatientInfoColumns, manager?: EntityManager): Promise<void> {
    await this.repo(manager).upsert({ userId, source, ...columns }, { conflictPaths: ['userId', 'source'] });
  }

  async updateAllOfUser(userId: string, columns: PatientInfoColumns, manager?: EntityManager): Promise<void> {
    if (Object.keys(columns).length === 0) return;
    await this.repo(manager).update({ userId }, columns);
  }
}
