import fs from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
const doc = await getDocument({ data: new Uint8Array(fs.readFileSync(process.argv[2]!)) }).promise;
const page = await doc.getPage(1);
for (const a of await page.getAnnotations()) {
  const { subtype, fieldType, fieldValue, rect, textAlignment, defaultAppearanceData, hidden, noView, multiLine, comb, contentsObj, annotationFlags, fieldName, readOnly } = a;
  console.log(JSON.stringify({ subtype, fieldType, fieldValue, rect, textAlignment, defaultAppearanceData, hidden, noView, multiLine, comb, contentsObj, annotationFlags, fieldName }));
}
