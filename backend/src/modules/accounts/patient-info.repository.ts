import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { PatientInfoEntity } from './entities/patient-info.entity';

/** One patient-info entry: the demographics one source (an insurer) reported. */
export interface PatientInfo {
  id: string;
  userId: string;
  source: string;
  email: string | null;
  phoneNumber: string | null;
  firstName: string | null;
  lastName: string | null;
  streetAddress: string | null;
  city: string | null;
  district: string | null;
  state: string | null;
  postalCode: string | null;
  /** YYYY-MM-DD */
  birthdate: string | null;
  gender: string | null;
}

export type PatientInfoColumns = Partial<Omit<PatientInfo, 'id' | 'userId' | 'source'>>;

@Injectable()
export class PatientInfoRepository {
  constructor(@InjectRepository(PatientInfoEntity) private readonly repository: Repository<PatientInfoEntity>) {}

  private repo(manager?: EntityManager): Repository<PatientInfoEntity> {
    return manager ? manager.getRepository(PatientInfoEntity) : this.repository;
  }

  async listForUser(userId: string): Promise<PatientInfo[]> {
    const rows = await this.repository.find({ where: { userId }, order: { createdAt: 'ASC' } });
    return rows.map(({ createdAt: _created, updatedAt: _updated, ...info }) => info);
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
