import { Injectable } from '@nestjs/common';
import type { OfflineReference } from '../offline-knowledge';
import { TopicIndex } from '../offline-knowledge';
import { AI_REFERENCE_DIR, HcpcsNames, IcdNames, loadMedlineTopics, loadUspstf } from './ai-reference';

/** The module's reference tables, loaded on first use and kept for the life of the process. */
@Injectable()
export class AiReferenceData {
  private loaded: OfflineReference | null = null;

  constructor(private readonly dir: string = AI_REFERENCE_DIR) {}

  get reference(): OfflineReference {
    this.loaded ??= {
      icd: IcdNames.load(this.dir),
      hcpcs: HcpcsNames.load(this.dir),
      uspstf: loadUspstf(this.dir),
      topics: new TopicIndex(loadMedlineTopics(this.dir)),
    };
    return this.loaded;
  }
}
