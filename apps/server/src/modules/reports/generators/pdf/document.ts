import PDFDocument from 'pdfkit';

/** The sizes of the report's type, in points: legible on Letter and on A4 alike. */
export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;
export const SIZE = { title: 16, section: 11.5, body: 9, small: 8, tiny: 7 } as const;
export const INK = { text: '#1a1a1a', muted: '#555555', rule: '#9a9a9a', light: '#e6e6e6', head: '#eef1f4' };
export const MARGIN = 40;
/** Room kept at the foot of every page for "Page n of m". */
const FOOTER_ROOM = 22;

export type PaperSize = 'LETTER' | 'A4';

/**
 * The paper of a report: Letter for a requester in Imperial units or an American time zone (the
 * Americas print on Letter), A4 for everyone else. The layout fits both (it flows by the page's height
 * and takes its width from the page), so a report printed on the other paper still reads whole.
 */
export function paperFor(units: string, timeZone: string): PaperSize {
  return units === 'Imperial' || /^(America|US|Canada)\//.test(timeZone) ? 'LETTER' : 'A4';
}

// The standard PDF fonts hold the WinAnsi characters only: the others would print as junk.
const WIN_ANSI_EXTRA = new Set(
  '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.split('').map((c) => c.codePointAt(0) as number),
);
const REPLACEMENTS: Record<string, string> = { '−': '-', '≤': '<=', '≥': '>=', '→': '->', '×': '×' };

/** Text the standard fonts can print: WinAnsi characters kept, a few common ones spelled, the rest '?'. */
export function printable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) as number;
    if (cp === 0x09 || cp === 0x0a) out += ch;
    else if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp)) out += ch;
    else if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) out += ' ';
    else out += '?';
  }
  return out;
}

export type Doc = PDFKit.PDFDocument;

/** A report page set: the document and a cursor `y` that flows onto new pages. */
export class ReportDoc {
  readonly doc: Doc;
  y: number;
  private readonly runningHead: string;

  constructor(opts: {
    size: PaperSize;
    title: string;
    author: string;
    subject: string;
    runningHead: string;
  }) {
    this.doc = new PDFDocument({
      size: opts.size,
      margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: {
        Title: printable(opts.title),
        Author: printable(opts.author),
        Subject: printable(opts.subject),
      },
    });
    this.runningHead = printable(opts.runningHead);
    this.y = MARGIN;
    // Every page after the first names what it belongs to, so a loose page still says which report it is.
    this.doc.on('pageAdded', () => {
      this.y = MARGIN;
      this.doc.font(FONT.regular).fontSize(SIZE.tiny).fillColor(INK.muted);
      this.doc.text(this.runningHead, MARGIN, MARGIN - 14, {
        width: this.width,
        lineBreak: false,
        ellipsis: true,
      });
      this.doc.fillColor(INK.text);
    });
  }

  get left(): number {
    return MARGIN;
  }
  get width(): number {
    return this.doc.page.width - 2 * MARGIN;
  }
  /** The lowest y content may reach on this page. */
  get bottom(): number {
    return this.doc.page.height - MARGIN - FOOTER_ROOM;
  }

  newPage(): void {
    this.doc.addPage();
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensure(height: number): void {
    if (this.y + height > this.bottom) this.newPage();
  }

  font(kind: keyof typeof FONT, size: number, color: string = INK.text): this {
    this.doc.font(FONT[kind]).fontSize(size).fillColor(color);
    return this;
  }

  heightOf(text: string, width: number, kind: keyof typeof FONT, size: number): number {
    this.doc.font(FONT[kind]).fontSize(size);
    return this.doc.heightOfString(printable(text), { width });
  }

  /** A paragraph at the cursor, wrapped to `width`; flows onto a new page when it does not fit. */
  paragraph(
    text: string,
    o: {
      kind?: keyof typeof FONT;
      size?: number;
      color?: string;
      gap?: number;
      x?: number;
      width?: number;
    } = {},
  ): void {
    const kind = o.kind ?? 'regular';
    const size = o.size ?? SIZE.body;
    const width = o.width ?? this.width;
    const x = o.x ?? this.left;
    const h = this.heightOf(text, width, kind, size);
    this.ensure(h);
    this.font(kind, size, o.color);
    this.doc.text(printable(text), x, this.y, { width });
    this.y += h + (o.gap ?? 4);
  }

  /** A section title with a rule under it; kept with at least `keep` points of what follows. */
  section(title: string, keep = 60): void {
    this.y += 8;
    this.ensure(22 + keep);
    this.font('bold', SIZE.section);
    this.doc.text(printable(title), this.left, this.y, { width: this.width, lineBreak: false });
    this.y += SIZE.section + 4;
    this.doc
      .moveTo(this.left, this.y)
      .lineTo(this.left + this.width, this.y)
      .lineWidth(0.6)
      .strokeColor(INK.rule)
      .stroke();
    this.y += 6;
  }

  /** Label and value pairs in `columns` columns, each label above its value. */
  facts(items: readonly { label: string; value: string }[], columns = 3): void {
    const gap = 10;
    const colW = (this.width - gap * (columns - 1)) / columns;
    for (let i = 0; i < items.length; i += columns) {
      const row = items.slice(i, i + columns);
      const h = Math.max(
        ...row.map(
          (it) =>
            this.heightOf(it.label, colW, 'regular', SIZE.tiny) +
            this.heightOf(it.value, colW, 'bold', SIZE.body),
        ),
      );
      this.ensure(h + 4);
      row.forEach((it, j) => {
        const x = this.left + j * (colW + gap);
        this.font('regular', SIZE.tiny, INK.muted);
        this.doc.text(printable(it.label), x, this.y, { width: colW });
        const lh = this.heightOf(it.label, colW, 'regular', SIZE.tiny);
        this.font('bold', SIZE.body);
        this.doc.text(printable(it.value), x, this.y + lh, { width: colW });
      });
      this.y += h + 6;
    }
  }

  /**
   * A table whose rows flow onto further pages, the header repeated on each. Column widths are
   * fractions of the page width; cells wrap.
   */
  table(
    columns: readonly { head: string; width: number; align?: 'left' | 'right' }[],
    rows: readonly string[][],
  ): void {
    const total = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    const pad = 3;
    const heightOfRow = (cells: readonly string[], kind: keyof typeof FONT, size: number) =>
      Math.max(...cells.map((c, i) => this.heightOf(c, widths[i] - 2 * pad, kind, size))) + 2 * pad;
    const drawRow = (
      cells: readonly string[],
      kind: keyof typeof FONT,
      size: number,
      fill: string | null,
    ) => {
      const h = heightOfRow(cells, kind, size);
      if (fill) this.doc.rect(this.left, this.y, this.width, h).fillColor(fill).fill();
      let x = this.left;
      cells.forEach((c, i) => {
        this.font(kind, size);
        this.doc.text(printable(c), x + pad, this.y + pad, {
          width: widths[i] - 2 * pad,
          align: columns[i].align ?? 'left',
        });
        x += widths[i];
      });
      this.y += h;
      this.doc
        .moveTo(this.left, this.y)
        .lineTo(this.left + this.width, this.y)
        .lineWidth(0.4)
        .strokeColor(INK.light)
        .stroke();
    };
    const heads = columns.map((c) => c.head);
    const headH = heightOfRow(heads, 'bold', SIZE.small);
    this.ensure(headH + (rows[0] ? heightOfRow(rows[0], 'regular', SIZE.small) : 0));
    drawRow(heads, 'bold', SIZE.small, INK.head);
    for (const row of rows) {
      const h = heightOfRow(row, 'regular', SIZE.small);
      if (this.y + h > this.bottom) {
        this.newPage();
        drawRow(heads, 'bold', SIZE.small, INK.head);
      }
      drawRow(row, 'regular', SIZE.small, null);
    }
    this.y += 6;
  }

  /** Writes "Page n of m" (and `left` beside it) at the foot of every page; call once, at the end. */
  footers(page: (n: number, of: number) => string, left: string): void {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      // Writing below the bottom margin would otherwise start a new page.
      const bottom = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      const y = this.doc.page.height - MARGIN - 10;
      this.doc
        .moveTo(MARGIN, y - 4)
        .lineTo(this.doc.page.width - MARGIN, y - 4)
        .lineWidth(0.4)
        .strokeColor(INK.rule)
        .stroke();
      this.font('regular', SIZE.tiny, INK.muted);
      this.doc.text(printable(left), MARGIN, y, {
        width: this.width * 0.7,
        lineBreak: false,
        ellipsis: true,
      });
      this.doc.text(page(i - range.start + 1, range.count), MARGIN, y, {
        width: this.width,
        align: 'right',
        lineBreak: false,
      });
      this.doc.page.margins.bottom = bottom;
    }
  }
}
