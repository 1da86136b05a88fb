import { Avatar } from '@mui/material';

const COLOURS = {
  'Construction Site': '#e07b00',
  'Precast Plant': '#2f6fa8',
  archived: '#9aa5b1',
} as const;

/** Up to two initials of a name: 'Harbourfront Tower' → 'HT'. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0].slice(0, 2).toUpperCase();
  return (words[0][0] + words[1][0]).toUpperCase();
}

/** A small square avatar with a job site's initials, coloured by its type (grey when archived). */
export function SiteAvatar({ name, type, archived }: { name: string; type: string; archived?: boolean }) {
  const bg = archived
    ? COLOURS.archived
    : (COLOURS[type as keyof typeof COLOURS] ?? COLOURS['Precast Plant']);
  return (
    <Avatar
      variant="rounded"
      sx={{ width: 28, height: 28, fontSize: 12, fontWeight: 700, bgcolor: bg, borderRadius: 1.5 }}
    >
      {initials(name)}
    </Avatar>
  );
}
