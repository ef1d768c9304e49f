import { useId } from 'react';
import { cn } from '@/lib/cn';
import { hashKey, seededRandom } from '@/lib/seeded-random';
import { GROUND, LANDMARKS } from './city-landmarks';

export const SCENE_TIMES = ['dawn', 'day', 'dusk', 'night'] as const;
export type SceneTime = (typeof SCENE_TIMES)[number];

type Palette = {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  near: string;
  water: string;
  cut: string;
};

const PALETTES: Record<SceneTime, Palette> = {
  dawn: {
    skyTop: '#f19a86',
    skyBottom: '#fde6c8',
    sun: '#fff4e0',
    far: '#d59a96',
    near: '#5a3550',
    water: '#e7b3a3',
    cut: '#f7c9b0',
  },
  day: {
    skyTop: '#4f9fe0',
    skyBottom: '#d9f0ff',
    sun: '#fff6cf',
    far: '#9cbcd4',
    near: '#1d3a55',
    water: '#6fb0d6',
    cut: '#bfdcf0',
  },
  dusk: {
    skyTop: '#3a2c6c',
    skyBottom: '#f5935c',
    sun: '#ffd27e',
    far: '#8f5470',
    near: '#281a3b',
    water: '#a85b74',
    cut: '#f2a46f',
  },
  night: {
    skyTop: '#0a1430',
    skyBottom: '#2b3a6a',
    sun: '#f4f0dc',
    far: '#2a3963',
    near: '#0a0f24',
    water: '#18244c',
    cut: '#ffd27a',
  },
};

/** The scene each destination shows on cards, so the list is varied. */
const DEFAULT_TIMES: Record<string, SceneTime> = {
  istanbul: 'dusk',
  paris: 'day',
  rome: 'dawn',
  agra: 'dawn',
  moscow: 'night',
  amsterdam: 'day',
  budapest: 'dusk',
  vienna: 'day',
  prague: 'night',
  baku: 'dusk',
  venice: 'day',
  rothenburg: 'dawn',
};

export function defaultSceneTime(cityKey: string): SceneTime {
  return DEFAULT_TIMES[cityKey] ?? 'day';
}

const SUN_POSITION: Record<SceneTime, { x: number; y: number; r: number }> = {
  dawn: { x: 58, y: 118, r: 20 },
  day: { x: 262, y: 40, r: 16 },
  dusk: { x: 272, y: 120, r: 24 },
  night: { x: 262, y: 38, r: 12 },
};

type CitySceneProps = {
  cityKey: string;
  time?: SceneTime;
  className?: string;
  /** An accessible name; without it the picture is decorative. */
  label?: string;
  /** A panorama (640 wide, landmark right of centre) for wide banners; else a 320×200 picture. */
  wide?: boolean;
};

/**
 * An illustration of a destination: its landmark in front of a generated skyline, at a time
 * of day. Drawn from code (spec: artwork ships with the app).
 */
export function CityScene({ cityKey, time = defaultSceneTime(cityKey), className, label, wide }: CitySceneProps) {
  const id = useId();
  const [minX, width] = wide ? [-240, 640] : [0, 320];
  const palette = PALETTES[time];
  const landmark = LANDMARKS[cityKey];
  const random = seededRandom(hashKey(cityKey));
  const sun = SUN_POSITION[time];
  const skyline: Array<{ x: number; width: number; height: number }> = [];
  for (let x = minX - 4; x < minX + width + 4; ) {
    const width = 10 + Math.round(random() * 18);
    skyline.push({ x, width, height: 14 + Math.round(random() * 34) });
    x += width + Math.round(random() * 3);
  }
  const stars = Array.from({ length: wide ? 56 : 28 }, () => ({
    x: minX + random() * width,
    y: random() * 110,
    r: 0.4 + random() * 0.8,
  }));
  const hasWater = landmark?.hasWater ?? false;

  return (
    <svg
      viewBox={`${minX} 0 ${width} 200`}
      preserveAspectRatio="xMidYMid slice"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      className={cn('block size-full', className)}
    >
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={palette.skyTop} />
          <stop offset="1" stopColor={palette.skyBottom} />
        </linearGradient>
        <linearGradient id={`${id}-water`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={palette.water} />
          <stop offset="1" stopColor={palette.near} />
        </linearGradient>
      </defs>
      <rect x={minX} width={width} height="200" fill={`url(#${id}-sky)`} />
      {time === 'night'
        ? stars.map((star) => (
            <circle key={`${star.x}-${star.y}`} cx={star.x} cy={star.y} r={star.r} fill="#fff" opacity="0.8" />
          ))
        : null}
      <circle cx={sun.x} cy={sun.y} r={sun.r * 2} fill={palette.sun} opacity="0.18" />
      <circle cx={sun.x} cy={sun.y} r={sun.r} fill={palette.sun} opacity="0.95" />
      {time === 'night' ? <circle cx={sun.x + 5} cy={sun.y - 3} r={sun.r} fill={palette.skyTop} /> : null}
      <g fill={palette.far} opacity="0.75">
        {skyline.map((building) => (
          <rect
            key={building.x}
            x={building.x}
            y={GROUND - building.height}
            width={building.width}
            height={building.height}
          />
        ))}
      </g>
      <g fill={palette.near}>{landmark?.draw({ fill: palette.near, cut: palette.cut })}</g>
      {hasWater ? (
        <>
          <rect x={minX} y={GROUND} width={width} height={200 - GROUND} fill={`url(#${id}-water)`} />
          <g fill={palette.sun} opacity="0.35">
            {[178, 184, 190].map((y, index) => (
              <rect key={y} x={sun.x - 30 + index * 8} y={y} width={40 - index * 10} height={1.5} rx={0.75} />
            ))}
          </g>
        </>
      ) : (
        <rect x={minX} y={GROUND} width={width} height={200 - GROUND} fill={palette.near} />
      )}
    </svg>
  );
}
