import { useId } from 'react';
import { cn } from '@/lib/cn';
import { hashKey, seededRandom } from '@/lib/seeded-random';

// Each destination gets its own skyline from its key: no photographs from other sites.
const PALETTES = [
  { skyTop: '#1b8078', skyBottom: '#aee8de', sun: '#ffd1a8', far: '#45bbad', near: '#174543' },
  { skyTop: '#f56d1b', skyBottom: '#ffd1a8', sun: '#fff6ed', far: '#dc5410', near: '#752d14' },
  { skyTop: '#1e40af', skyBottom: '#bfdbfe', sun: '#fef3c7', far: '#3b82f6', near: '#172554' },
  { skyTop: '#6d28d9', skyBottom: '#fbcfe8', sun: '#fff7ed', far: '#a855f7', near: '#3b0764' },
  { skyTop: '#b45309', skyBottom: '#fde68a', sun: '#fffbeb', far: '#d97706', near: '#451a03' },
  { skyTop: '#0f766e', skyBottom: '#fde68a', sun: '#fff6ed', far: '#279f93', near: '#072928' },
  { skyTop: '#be123c', skyBottom: '#fecdd3', sun: '#fff1f2', far: '#e11d48', near: '#4c0519' },
  { skyTop: '#334155', skyBottom: '#cbd5e1', sun: '#f8fafc', far: '#64748b', near: '#0f172a' },
] as const;

type Building = { x: number; width: number; height: number; roof: 'flat' | 'dome' | 'spire' };

function buildSkyline(random: () => number): Building[] {
  const buildings: Building[] = [];
  let x = -6;
  while (x < 326) {
    const width = 14 + Math.round(random() * 22);
    const height = 28 + Math.round(random() * 70);
    const pick = random();
    buildings.push({ x, width, height, roof: pick > 0.86 ? 'spire' : pick > 0.72 ? 'dome' : 'flat' });
    x += width + Math.round(random() * 4) - 1;
  }
  return buildings;
}

export function CityArtwork({ cityKey, className }: { cityKey: string; className?: string }) {
  const gradientId = useId();
  const seed = hashKey(cityKey);
  const random = seededRandom(seed);
  const palette = PALETTES[seed % PALETTES.length] ?? PALETTES[0];
  const sunX = 60 + random() * 200;
  const sunY = 48 + random() * 34;
  const sunRadius = 16 + random() * 14;
  const hillLift = 20 + random() * 18;
  const buildings = buildSkyline(random);
  const ground = 200;

  return (
    <svg
      viewBox="0 0 320 200"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      className={cn('block size-full', className)}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={palette.skyTop} />
          <stop offset="1" stopColor={palette.skyBottom} />
        </linearGradient>
      </defs>
      <rect width="320" height="200" fill={`url(#${gradientId})`} />
      <circle cx={sunX} cy={sunY} r={sunRadius} fill={palette.sun} opacity="0.9" />
      <circle cx={sunX} cy={sunY} r={sunRadius * 1.8} fill={palette.sun} opacity="0.18" />
      <path
        d={`M0 ${ground - 60 - hillLift} C 80 ${ground - 100 - hillLift}, 160 ${ground - 40}, 320 ${ground - 80 - hillLift / 2} L 320 200 L 0 200 Z`}
        fill={palette.far}
        opacity="0.55"
      />
      <g fill={palette.near}>
        {buildings.map((building) => {
          const top = ground - building.height;
          const centre = building.x + building.width / 2;
          return (
            <g key={building.x}>
              <rect x={building.x} y={top} width={building.width} height={building.height} />
              {building.roof === 'dome' ? <circle cx={centre} cy={top} r={building.width / 2} /> : null}
              {building.roof === 'spire' ? (
                <polygon
                  points={`${building.x},${top} ${centre},${top - building.width * 1.4} ${building.x + building.width},${top}`}
                />
              ) : null}
            </g>
          );
        })}
      </g>
      <rect y="188" width="320" height="12" fill={palette.near} />
    </svg>
  );
}
