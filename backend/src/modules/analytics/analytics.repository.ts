import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

@Injectable()
export class AnalyticsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(event: { category: string; action: string; path: string }): Promise<void> {
    await this.dataSource.query(`INSERT INTO analytics_events (category, action, path) VALUES ($1, $2, $3)`, [
      event.category,
      event.action,
      event.path,
    ]);
  }
}
