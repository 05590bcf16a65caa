import { readFile } from 'node:fs/promises';
import type { DataSource } from 'typeorm';
import { ReferenceDataRepository } from './reference-data.repository';
import { ReferenceDataService } from './reference-data.service';
import { REFERENCE_DATA_DIR } from './reference-files';

export { NadacFileError } from '../prices/nadac-file';

/**
 * `npm run data:import -- nadac FILE`: an operator's weekly CMS NADAC file into nadac_prices (checked whole, one
 * transaction), outside the app (the CLI's own DataSource). See ReferenceDataService.importNadacWeekly.
 */
export async function importNadacFile(
  dataSource: DataSource,
  path: string,
): Promise<{ asOf: string; rows: number; replacedAsOf: string | null }> {
  const service = new ReferenceDataService(new ReferenceDataRepository(dataSource), REFERENCE_DATA_DIR);
  return service.importNadacWeekly(path, await readFile(path));
}
