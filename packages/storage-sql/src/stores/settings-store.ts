import type { Knex } from 'knex';
import type { SettingsStore } from '@intake/core/ports';
import type { Row } from './normalize.js';

export class SqlSettingsStore implements SettingsStore {
  constructor(private readonly knex: Knex) {}

  async getOrCreate(key: string, make: () => string): Promise<string> {
    await this.knex('settings').insert({ key, value: make() }).onConflict('key').ignore();
    const row = (await this.knex<Row>('settings').where({ key }).first('value'))!;
    return String(row.value);
  }
}
