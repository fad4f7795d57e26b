/** `npm run api:generate`: rewrites the dashboard's API types from the daemon's OpenAPI document. */
import fs from 'node:fs';
import { API_TYPES_FILE, apiTypesSource } from './api-types.js';

const after = await apiTypesSource();
const before = fs.existsSync(API_TYPES_FILE) ? fs.readFileSync(API_TYPES_FILE, 'utf8') : '';
if (after === before) process.stdout.write(`${API_TYPES_FILE} is up to date\n`);
else {
  fs.writeFileSync(API_TYPES_FILE, after);
  process.stdout.write(`${API_TYPES_FILE} rewritten\n`);
}
// The route table's reader and stores hold no open handles worth waiting for.
process.exit(0);
