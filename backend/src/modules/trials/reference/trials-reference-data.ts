import { Injectable } from '@nestjs/common';
import { Icd10Catalogue, TRIALS_REFERENCE_DIR, ZipGeo } from './trials-reference';

/** The module's reference tables, loaded on first use and kept for the life of the process. */
@Injectable()
export class TrialsReferenceData {
  private icdTable: Icd10Catalogue | null = null;
  private zipTable: ZipGeo | null = null;

  constructor(private readonly dir: string = TRIALS_REFERENCE_DIR) {}

  get icd(): Icd10Catalogue {
    this.icdTable ??= Icd10Catalogue.load(this.dir);
    return this.icdTable;
  }

  get zips(): ZipGeo {
    this.zipTable ??= ZipGeo.load(this.dir);
    return this.zipTable;
  }
}
