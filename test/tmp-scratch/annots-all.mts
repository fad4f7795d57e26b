import fs from 'node:fs';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
let n = 0, withText = 0;
const kinds = new Map<string, number>();
for (const dir of process.argv.slice(2)) for (const f of fs.readdirSync(dir)) {
  if (!f.endsWith('.pdf')) continue;
  n++;
  const doc = await getDocument({ data: new Uint8Array(fs.readFileSync(path.join(dir, f))), verbosity: 0 }).promise;
  let shown = 0;
  for (let i = 1; i <= doc.numPages; i++) for (const a of await (await doc.getPage(i)).getAnnotations()) {
    kinds.set(`${a.subtype}/${a.fieldType ?? ''}`, (kinds.get(`${a.subtype}/${a.fieldType ?? ''}`) ?? 0) + 1);
    if ((a.subtype === 'Widget' && (a.fieldType === 'Tx' || a.fieldType === 'Ch') && a.fieldValue) || (a.subtype === 'FreeText' && a.contentsObj?.str)) { shown++; console.log(f, a.subtype, JSON.stringify(a.fieldValue ?? a.contentsObj?.str).slice(0, 60)); }
  }
  if (shown) withText++;
}
console.log({ n, withText, kinds: Object.fromEntries(kinds) });
