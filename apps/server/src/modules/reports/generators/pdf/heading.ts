import { INK, printable, type ReportDoc, SIZE } from './document.ts';
import { drawLogo } from './logo.ts';

/**
 * The top of every report PDF: the company logo (or its name in large type), the company and the job site on
 * the left; the report's title, its subject and the report date on the right; a rule under both.
 */
export function drawHeading(
  r: ReportDoc,
  h: {
    logo: Parameters<typeof drawLogo>[1];
    companyName: string;
    siteName: string;
    title: string;
    subject: string;
    dateLine: string;
  },
): void {
  const { doc } = r;
  const logoSize = 54;
  const top = r.y;
  const hasLogo = drawLogo(doc, h.logo, r.left, top, logoSize);
  const nameX = hasLogo ? r.left + logoSize + 10 : r.left;
  const nameW = r.width * 0.45 - (nameX - r.left);
  r.font('bold', hasLogo ? 13 : SIZE.title);
  doc.text(printable(h.companyName), nameX, top + (hasLogo ? 8 : 4), { width: nameW });
  r.font('regular', SIZE.small, INK.muted);
  doc.text(printable(h.siteName), nameX, doc.y + 1, { width: nameW });

  const titleX = r.left + r.width * 0.45;
  const titleW = r.width * 0.55;
  r.font('bold', SIZE.title);
  doc.text(printable(h.title), titleX, top + 4, { width: titleW, align: 'right' });
  r.font('bold', 11.5);
  doc.text(printable(h.subject), titleX, doc.y + 2, { width: titleW, align: 'right' });
  r.font('regular', SIZE.small, INK.muted);
  doc.text(printable(h.dateLine), titleX, doc.y + 2, { width: titleW, align: 'right' });
  r.y = Math.max(top + logoSize, doc.y) + 10;
  doc
    .moveTo(r.left, r.y)
    .lineTo(r.left + r.width, r.y)
    .lineWidth(1.2)
    .strokeColor(INK.text)
    .stroke();
  r.y += 8;
}
