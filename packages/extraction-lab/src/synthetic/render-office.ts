import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OfficeLook, OfficePage } from './render-office-page.js';

/**
 * LibreOffice as the third producer of synthetic text PDFs (`synth --producer libreoffice`): an
 * `OfficePage` written as a flat ODF text document (`.fodt`), as a Word or Writer invoice template
 * holds it, and converted by `soffice --headless --convert-to pdf` with a profile of its own.
 * soffice is slow to start, so the printer converts in batches: every document asked for before
 * the event loop's next turn goes into one soffice run.
 */
export interface OfficePrinter {
  print(fodt: string): Promise<Uint8Array>;
  close(): Promise<void>;
}

const SOFFICE_PATHS = ['/usr/bin/soffice', '/usr/lib/libreoffice/program/soffice'];

export const sofficePath = (): string | undefined => SOFFICE_PATHS.find((p) => existsSync(p));

export function openOfficePrinter(executable = sofficePath()): OfficePrinter {
  if (!executable)
    throw new Error(
      `LibreOffice is missing (looked for ${SOFFICE_PATHS.join(', ')}): install Debian's libreoffice-writer-nogui`,
    );
  const dir = mkdtempSync(path.join(tmpdir(), 'intake-office-'));
  const profile = pathToFileURL(path.join(dir, 'profile')).href;
  let queue: { fodt: string; resolve: (pdf: Uint8Array) => void; reject: (e: unknown) => void }[] = [];
  let batch = 0;
  const flush = () => {
    const jobs = queue;
    queue = [];
    const folder = path.join(dir, `batch-${batch++}`);
    try {
      mkdirSync(folder);
      const files = jobs.map((job, i) => {
        const file = path.join(folder, `d${i}.fodt`);
        writeFileSync(file, job.fodt);
        return file;
      });
      execFileSync(
        executable,
        [
          `-env:UserInstallation=${profile}`,
          '--headless',
          '--convert-to',
          'pdf:writer_pdf_Export',
          '--outdir',
          folder,
          ...files,
        ],
        { stdio: 'ignore', timeout: 600_000 },
      );
      for (const [i, job] of jobs.entries()) {
        const pdf = path.join(folder, `d${i}.pdf`);
        if (existsSync(pdf)) job.resolve(deterministic(new Uint8Array(readFileSync(pdf))));
        else job.reject(new Error(`soffice wrote no PDF for a document (${files[i]})`));
      }
    } catch (error) {
      for (const job of jobs) job.reject(error);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };
  return {
    print(fodt) {
      return new Promise((resolve, reject) => {
        if (!queue.length) setImmediate(flush);
        queue.push({ fodt, resolve, reject });
      });
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * The same bytes for the same document: LibreOffice writes the time of printing as /CreationDate,
 * and a file identifier (/ID) and a /DocChecksum that change with it; the date is overwritten in
 * place with a fixed one, the two others with a digest of the rest of the file (same lengths, so
 * the cross-reference offsets hold).
 */
export function deterministic(pdf: Uint8Array): Uint8Array {
  const dated = Buffer.from(pdf)
    .toString('latin1')
    .replace(/(\/(?:CreationDate|ModDate)\s*\(D:)\d{14}/g, (_m, head: string) => `${head}20240101000000`);
  const id = /(\/ID\s*\[\s*<)([0-9A-Fa-f]+)(>\s*<)([0-9A-Fa-f]+)/g;
  const sum = /(\/DocChecksum\s*\/)([0-9A-Fa-f]+)/g;
  const stamp = (text: string, hex: (length: number) => string) =>
    text
      .replace(id, (_m, a: string, one: string, b: string, two: string) => a + hex(one.length) + b + hex(two.length))
      .replace(sum, (_m, a: string, one: string) => a + hex(one.length));
  const blank = stamp(dated, (length) => '0'.repeat(length));
  const digest = createHash('sha256').update(blank, 'latin1').digest('hex').toUpperCase();
  const fixed = stamp(blank, (length) => digest.slice(0, length));
  return new Uint8Array(Buffer.from(fixed, 'latin1'));
}

/** Text as XML, runs of spaces and tabs as ODF writes them (`text:s`, `text:tab`). */
function x(text: string): string {
  return text
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
    .replace(/ {2,}/g, (s) => ` <text:s text:c="${s.length - 1}"/>`)
    .replace(/\t/g, '<text:tab/>');
}

const p = (style: string, ...parts: string[]) => `<text:p text:style-name="${style}">${parts.join('')}</text:p>`;
const TAB = '<text:tab/>';

/** The text area's width in cm: A4 less 2 cm margins. */
const WIDTH = 17;

/** The page as a flat ODF text document in the look's template. */
export function officeFodt(page: OfficePage, look: OfficeLook): string {
  const body: string[] = [];
  const styles: string[] = [];
  const table = (name: string, widths: number[], rows: string[][], borders: boolean, headerRows = 0) =>
    tableXml(styles, name, widths, rows, borders, headerRows);
  body.push(...headXml(page, look, styles));
  body.push(p('Gap'));
  const buyer = [
    ...(page.buyer.heading ? [p('Small', x(page.buyer.heading))] : []),
    p('Name', x(page.buyer.name)),
    ...page.buyer.lines.map((l) => p('P', x(l))),
  ];
  const meta =
    look.meta === 'table'
      ? table(
          'Meta',
          [3.6, 4.7],
          page.meta.map(([l, v]) => [p('P', x(l)), p('P', x(v))]),
          false,
        )
      : page.meta.map(([l, v]) => p(look.meta === 'leaders' ? 'MetaLeader' : 'MetaTab', x(l), TAB, x(v))).join('');
  body.push(table('Parties', [8.5, 8.5], [[buyer.join(''), meta]], false));
  body.push(p('Gap'));
  const numbers = page.heads.length;
  const widths = numbers === 5 ? [6.2, 2.2, 3, 2.6, 3] : [7.6, 2.4, 3.4, 3.6];
  const cell = (text: string, i: number, style = 'P') => p(i === 0 ? style : `${style}Right`, x(text));
  const rows = [page.heads.map((h, i) => cell(h, i, 'Th')), ...page.rows.map((r) => r.map((c, i) => cell(c, i)))];
  const summaryRows = page.totalsInTable;
  if (summaryRows)
    for (const [i, [label, amount]] of page.summary.entries()) {
      const style = i === page.totalAt ? 'Th' : 'P';
      rows.push([p(style, x(label)), ...Array.from({ length: numbers - 2 }, () => p('P')), cell(amount, 1, style)]);
    }
  body.push(table('Items', widths, rows, true, 1));
  if (!summaryRows)
    for (const [i, [label, amount]] of page.summary.entries()) {
      const style = `${look.totals === 'leaders' ? 'TotalLeader' : 'TotalTab'}${i === page.totalAt ? 'Bold' : ''}`;
      body.push(p(style, x(label), TAB, x(amount)));
    }
  if (page.taxTable) {
    body.push(p('Gap'));
    const heads = page.taxTable.heads.map((h) => p('ThRight', x(h)));
    body.push(
      table('Taxes', [3, 3, 3], [heads, ...page.taxTable.rows.map((r) => r.map((c) => p('PRight', x(c))))], true, 1),
    );
  }
  body.push(p('Gap'), ...page.notes.map((n) => p('Note', x(n))));
  const footer =
    look.footer === 'tabs'
      ? page.footer.map((line) =>
          p(
            'FootTab',
            x(line.split(' · ').slice(0, 3).join('\t')),
            ...line
              .split(' · ')
              .slice(3)
              .map((s) => ` ${x(s)}`),
          ),
        )
      : page.footer.map((line) => p('Foot', x(line)));
  return document(page.language, look, styles.join(''), body.join(''), footer.join(''));
}

/**
 * The letterhead and the title beside it, by a right tab stop or in a borderless table (its styles
 * added to `styles`). A letter-spaced name or title is a span of its own with the character
 * spacing Writer calls "expanded".
 */
function headXml(page: OfficePage, look: OfficeLook, styles: string[]): string[] {
  const track = (part: 'name' | 'title', size: number) =>
    `<style:style style:name="Track${part}" style:family="text"><style:text-properties fo:letter-spacing="${((page.tracking?.[part] ?? 0) * size).toFixed(2)}pt"/></style:style>`;
  styles.push(track('name', look.size + 2), track('title', look.size + 8));
  const spaced = (text: string, part: 'name' | 'title') =>
    page.tracking?.[part] ? `<text:span text:style-name="Track${part}">${x(text)}</text:span>` : x(text);
  const names = page.seller.names.map((n) => spaced(n, 'name'));
  const seller = [...names.map((n) => p('Name', n)), ...page.seller.lines.map((l) => p('P', x(l)))];
  if (look.head === 'table')
    return [
      tableXml(
        styles,
        'Head',
        [10.5, 6.5],
        [[seller.join(''), p('TitleRight', spaced(page.title, 'title'))]],
        false,
        0,
      ),
    ];
  const [first, ...rest] = names;
  return [
    p(
      'HeadTab',
      `<text:span text:style-name="Bold">${first!}</text:span>`,
      TAB,
      `<text:span text:style-name="Big">${spaced(page.title, 'title')}</text:span>`,
    ),
    ...rest.map((n) => p('Name', n)),
    ...page.seller.lines.map((l) => p('P', x(l))),
  ];
}

/** A table (its styles added to `tableStyles`): columns of the widths given (cm), cells of paragraphs, borders or none, a header row. */
function tableXml(
  tableStyles: string[],
  name: string,
  widths: number[],
  rows: string[][],
  borders: boolean,
  headerRows: number,
): string {
  const columns = widths
    .map(
      (w, i) =>
        `<style:style style:name="${name}.${i}" style:family="table-column"><style:table-column-properties style:column-width="${w}cm"/></style:style>`,
    )
    .join('');
  tableStyles.push(
    `<style:style style:name="${name}" style:family="table"><style:table-properties style:width="${widths.reduce((a, b) => a + b, 0)}cm" table:align="left"/></style:style>${columns}`,
  );
  const cell = borders ? 'CellBorder' : 'Cell';
  const tr = (cells: string[]) =>
    `<table:table-row>${cells.map((c) => `<table:table-cell table:style-name="${cell}" office:value-type="string">${c}</table:table-cell>`).join('')}</table:table-row>`;
  const head = rows.slice(0, headerRows).map(tr).join('');
  return `<table:table table:name="${name}${tableStyles.length}" table:style-name="${name}">${widths.map((_, i) => `<table:table-column table:style-name="${name}.${i}"/>`).join('')}${head ? `<table:table-header-rows>${head}</table:table-header-rows>` : ''}${rows.slice(headerRows).map(tr).join('')}</table:table>`;
}

function document(language: string, look: OfficeLook, styles: string, body: string, footer: string): string {
  const pt = (n: number) => `${n}pt`;
  const para = (name: string, props: string, text = '') =>
    `<style:style style:name="${name}" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties ${props}/>${text ? `<style:text-properties ${text}/>` : ''}</style:style>`;
  const tabs = (position: number, type: string, leader: boolean) =>
    `<style:tab-stops><style:tab-stop style:position="${position}cm" style:type="${type}"${leader ? ' style:leader-style="dotted" style:leader-text="."' : ''}/></style:tab-stops>`;
  const paraTabs = (name: string, props: string, stops: string, text = '') =>
    `<style:style style:name="${name}" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties ${props}>${stops}</style:paragraph-properties>${text ? `<style:text-properties ${text}/>` : ''}</style:style>`;
  const bold = 'fo:font-weight="bold"';
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls><style:font-face style:name="Body" svg:font-family="'${look.font}'"/></office:font-face-decls>
<office:styles>
<style:default-style style:family="paragraph"><style:text-properties style:font-name="Body" fo:font-size="${pt(look.size)}" fo:language="${language}" fo:country="none"/></style:default-style>
<style:style style:name="Standard" style:family="paragraph" style:class="text"><style:paragraph-properties fo:margin-top="0cm" fo:margin-bottom="0cm"/></style:style>
</office:styles>
<office:automatic-styles>
<style:page-layout style:name="Page"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="1.6cm" fo:margin-bottom="1.2cm" fo:margin-left="2cm" fo:margin-right="2cm"/><style:footer-style><style:header-footer-properties fo:min-height="0cm" fo:margin-top="0.4cm"/></style:footer-style></style:page-layout>
${para('P', 'fo:margin-top="0cm"')}
${para('PRight', 'fo:text-align="end"')}
${para('Th', 'fo:margin-top="0cm"', bold)}
${para('ThRight', 'fo:text-align="end"', bold)}
${para('Name', 'fo:margin-top="0cm"', `${bold} fo:font-size="${pt(look.size + 2)}"`)}
${para('TitleRight', 'fo:text-align="end"', `${bold} fo:font-size="${pt(look.size + 8)}"`)}
${paraTabs('HeadTab', 'fo:margin-top="0cm"', tabs(WIDTH, 'right', false))}
${para('Small', 'fo:margin-bottom="0.1cm"', `fo:font-size="${pt(look.size - 1)}" fo:color="#666666"`)}
${para('Gap', 'fo:margin-top="0.3cm"')}
${paraTabs('MetaTab', 'fo:margin-top="0cm"', tabs(3.8, 'left', false))}
${paraTabs('MetaLeader', 'fo:margin-top="0cm"', tabs(8.3, 'right', true))}
${paraTabs('TotalTab', 'fo:margin-left="9cm" fo:margin-top="0.05cm"', tabs(WIDTH - 9, 'right', false))}
${paraTabs('TotalTabBold', 'fo:margin-left="9cm" fo:margin-top="0.05cm"', tabs(WIDTH - 9, 'right', false), bold)}
${paraTabs('TotalLeader', 'fo:margin-left="9cm" fo:margin-top="0.05cm"', tabs(WIDTH - 9, 'right', true))}
${paraTabs('TotalLeaderBold', 'fo:margin-left="9cm" fo:margin-top="0.05cm"', tabs(WIDTH - 9, 'right', true), bold)}
${para('Note', 'fo:text-align="justify" fo:margin-top="0.15cm"')}
${para('Foot', 'fo:text-align="center"', `fo:font-size="${pt(look.size - 2)}" fo:color="#555555"`)}
${paraTabs('FootTab', 'fo:margin-top="0cm"', `<style:tab-stops><style:tab-stop style:position="${WIDTH / 2}cm" style:type="center"/><style:tab-stop style:position="${WIDTH}cm" style:type="right"/></style:tab-stops>`, `fo:font-size="${pt(look.size - 2)}" fo:color="#555555"`)}
<style:style style:name="Bold" style:family="text"><style:text-properties ${bold} fo:font-size="${pt(look.size + 2)}"/></style:style>
<style:style style:name="Big" style:family="text"><style:text-properties ${bold} fo:font-size="${pt(look.size + 8)}"/></style:style>
<style:style style:name="Cell" style:family="table-cell"><style:table-cell-properties fo:padding="0.05cm" fo:border="none"/></style:style>
<style:style style:name="CellBorder" style:family="table-cell"><style:table-cell-properties fo:padding="0.1cm" fo:border="0.5pt solid #000000"/></style:style>
${styles}
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="Page"><style:footer>${footer}</style:footer></style:master-page></office:master-styles>
<office:body><office:text>${body}</office:text></office:body>
</office:document>
`;
}
