import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule, TypeOrmModuleOptions } from '@nestjs/typeorm';
import { DataSource, DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config';
import { createDataSourceOptions } from './data-source-options';
import { runMigrationsExclusively } from './migrate';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<AppConfig, true>): TypeOrmModuleOptions => {
        const url = config.get('database', { infer: true }).url;
        if (!url) throw new Error('database.url is not set: main.ts must start the embedded server first');
        // Entities come from each module's TypeOrmModule.forFeature (no globs).
        return { ...createDataSourceOptions(url), autoLoadEntities: true, retryAttempts: 3, retryDelay: 1000 };
      },
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options as DataSourceOptions).initialize();
        await runMigrationsExclusively(dataSource);
        return dataSource;
      },
    }),
  ],
})
export class DatabaseModule {}
