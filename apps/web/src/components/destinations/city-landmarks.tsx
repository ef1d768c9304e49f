import type { ReactNode } from 'react';

/*
 * Landmark silhouettes of the twelve destination cities (spec §3), drawn on a 320×200 canvas
 * whose ground line is y = 172. Simplified shapes, drawn here: no pictures from other sites.
 */

export const GROUND = 172;

/** `fill`: the silhouette; `cut`: windows and arches (sky-coloured by day, lit at night). */
export type LandmarkColors = { fill: string; cut: string };
export type Landmark = (colors: LandmarkColors) => ReactNode;

/** `count` evenly spaced numbers from `start`: x positions of repeated shapes (also their keys). */
const steps = (start: number, step: number, count: number) =>
  Array.from({ length: count }, (_, index) => start + index * step);

const dome = (cx: number, base: number, r: number) => `M${cx - r} ${base} A${r} ${r} 0 0 1 ${cx + r} ${base} Z`;

const onion = (cx: number, base: number, w: number, h: number) =>
  `M${cx - w / 2} ${base} C${cx - w / 2} ${base - h * 0.55} ${cx - w * 0.12} ${base - h * 0.6} ${cx} ${base - h} ` +
  `C${cx + w * 0.12} ${base - h * 0.6} ${cx + w / 2} ${base - h * 0.55} ${cx + w / 2} ${base} Z`;

const spire = (cx: number, base: number, w: number, h: number) =>
  `${cx - w / 2},${base} ${cx},${base - h} ${cx + w / 2},${base}`;

/** A pointed arch opening, `w` wide and `h` high, standing on `base`. */
const arch = (x: number, base: number, w: number, h: number) =>
  `M${x} ${base} L${x} ${base - h + w / 2} A${w / 2} ${w / 2} 0 0 1 ${x + w} ${base - h + w / 2} L${x + w} ${base} Z`;

function Minaret({ x, height, width = 5 }: { x: number; height: number; width?: number }) {
  const top = GROUND - height;
  return (
    <>
      <rect x={x - width / 2} y={top} width={width} height={height} />
      <rect x={x - width / 2 - 1.5} y={top + height * 0.3} width={width + 3} height={2} />
      <rect x={x - width / 2 - 1.5} y={top + height * 0.12} width={width + 3} height={2} />
      <polygon points={spire(x, top, width + 1, 16)} />
    </>
  );
}

function Crenellations({ x, y, width, step = 8 }: { x: number; y: number; width: number; step?: number }) {
  return (
    <>
      <rect x={x} y={y} width={width} height={GROUND - y} />
      {steps(x + 1, step, Math.floor(width / step)).map((left) => (
        <rect key={left} x={left} y={y - 4} width={step / 2} height={4} />
      ))}
    </>
  );
}

const istanbul: Landmark = () => (
  <>
    <rect x={104} y={142} width={112} height={30} />
    <path d={dome(128, 142, 18)} />
    <path d={dome(192, 142, 18)} />
    <rect x={134} y={124} width={52} height={20} />
    <path d={dome(160, 124, 30)} />
    <rect x={159} y={86} width={2} height={10} />
    <Minaret x={84} height={88} />
    <Minaret x={98} height={76} />
    <Minaret x={222} height={76} />
    <Minaret x={236} height={88} />
  </>
);

const paris: Landmark = ({ cut }) => (
  <>
    <path d="M128 172 L149 128 L154 108 L157 62 L159 30 L160 12 L161 30 L163 62 L166 108 L171 128 L192 172 L178 172 Q160 140 142 172 Z" />
    <rect x={144} y={126} width={32} height={4} />
    <rect x={152} y={106} width={16} height={3} />
    <rect x={155.5} y={60} width={9} height={2.5} />
    <rect x={40} y={146} width={62} height={26} />
    <polygon points="38,146 46,134 96,134 104,146" />
    <rect x={214} y={142} width={70} height={30} />
    <polygon points="212,142 220,130 278,130 286,142" />
    <g fill={cut}>
      {[48, 62, 76, 90, 222, 236, 250, 264].map((x) => (
        <rect key={x} x={x} y={x < 200 ? 152 : 150} width={6} height={8} />
      ))}
    </g>
  </>
);

const rome: Landmark = ({ cut }) => (
  <>
    <path d={dome(270, 140, 18)} />
    <rect x={254} y={140} width={32} height={32} />
    <rect x={269} y={114} width={2} height={8} />
    <path d="M84 172 L84 122 Q150 108 214 112 L214 100 L230 104 L230 172 Z" />
    <g fill={cut}>
      {[128, 144, 160].map((y) =>
        Array.from({ length: 11 }, (_, index) => {
          const x = 92 + index * 12;
          return <path key={`${x}-${y}`} d={arch(x, y, 6, 10)} />;
        }),
      )}
    </g>
  </>
);

const agra: Landmark = ({ cut }) => (
  <>
    <rect x={76} y={162} width={168} height={10} />
    <rect x={118} y={120} width={84} height={42} />
    <rect x={140} y={110} width={40} height={12} />
    <path d={onion(160, 112, 54, 58)} />
    <rect x={159} y={46} width={2} height={10} />
    <rect x={124} y={110} width={10} height={10} />
    <path d={onion(129, 111, 14, 14)} />
    <rect x={186} y={110} width={10} height={10} />
    <path d={onion(191, 111, 14, 14)} />
    {[88, 232].map((x) => (
      <g key={x}>
        <rect x={x - 3} y={100} width={6} height={62} />
        <rect x={x - 5} y={98} width={10} height={3} />
        <path d={onion(x, 98, 10, 12)} />
      </g>
    ))}
    <path d={arch(150, 162, 20, 34)} fill={cut} />
    <path d={arch(125, 158, 10, 16)} fill={cut} />
    <path d={arch(185, 158, 10, 16)} fill={cut} />
  </>
);

const moscow: Landmark = () => (
  <>
    <Crenellations x={196} y={152} width={124} />
    <rect x={228} y={104} width={22} height={68} />
    <rect x={231} y={88} width={16} height={16} />
    <polygon points={spire(239, 88, 16, 34)} />
    <circle cx={239} cy={51} r={3} />
    <rect x={136} y={118} width={48} height={54} />
    <polygon points={spire(160, 118, 26, 52)} />
    <path d={onion(160, 68, 10, 12)} />
    {[
      { x: 114, top: 132, w: 18 },
      { x: 206, top: 132, w: 18 },
      { x: 126, top: 122, w: 12 },
      { x: 194, top: 122, w: 12 },
    ].map(({ x, top, w }) => (
      <g key={x}>
        <rect x={x - w / 2} y={top} width={w} height={GROUND - top} />
        <path d={onion(x, top, w + 6, w + 8)} />
        <rect x={x - 0.75} y={top - w - 14} width={1.5} height={7} />
      </g>
    ))}
  </>
);

const amsterdam: Landmark = ({ cut }) => {
  const houses = [
    { x: 44, w: 30, h: 64, gable: 'step' },
    { x: 76, w: 26, h: 74, gable: 'bell' },
    { x: 104, w: 32, h: 60, gable: 'point' },
    { x: 138, w: 28, h: 80, gable: 'step' },
    { x: 168, w: 30, h: 70, gable: 'neck' },
    { x: 200, w: 26, h: 62, gable: 'bell' },
    { x: 228, w: 34, h: 72, gable: 'step' },
    { x: 264, w: 28, h: 66, gable: 'point' },
  ] as const;
  return (
    <>
      {houses.map(({ x, w, h, gable }) => {
        const top = GROUND - h;
        const cx = x + w / 2;
        return (
          <g key={x}>
            <rect x={x} y={top} width={w} height={h} />
            {gable === 'step' ? (
              <path
                d={`M${x} ${top} L${x} ${top - 6} L${x + w * 0.2} ${top - 6} L${x + w * 0.2} ${top - 12} L${x + w * 0.4} ${top - 12} L${x + w * 0.4} ${top - 18} L${x + w * 0.6} ${top - 18} L${x + w * 0.6} ${top - 12} L${x + w * 0.8} ${top - 12} L${x + w * 0.8} ${top - 6} L${x + w} ${top - 6} L${x + w} ${top} Z`}
              />
            ) : null}
            {gable === 'bell' ? (
              <path
                d={`M${x} ${top} C${x} ${top - 10} ${cx - 6} ${top - 8} ${cx} ${top - 20} C${cx + 6} ${top - 8} ${x + w} ${top - 10} ${x + w} ${top} Z`}
              />
            ) : null}
            {gable === 'point' ? <polygon points={spire(cx, top, w, 16)} /> : null}
            {gable === 'neck' ? (
              <path
                d={`M${x} ${top} L${x + 6} ${top - 6} L${x + 8} ${top - 18} L${x + w - 8} ${top - 18} L${x + w - 6} ${top - 6} L${x + w} ${top} Z`}
              />
            ) : null}
            <g fill={cut}>
              {[0, 1, 2].map((row) => (
                <g key={row}>
                  <rect x={x + w * 0.2} y={top + 8 + row * 16} width={w * 0.2} height={9} />
                  <rect x={x + w * 0.6} y={top + 8 + row * 16} width={w * 0.2} height={9} />
                </g>
              ))}
            </g>
          </g>
        );
      })}
    </>
  );
};

const budapest: Landmark = ({ cut }) => (
  <>
    <rect x={56} y={140} width={208} height={32} />
    {Array.from({ length: 15 }, (_, index) => {
      const x = 60 + index * 14;
      return <polygon key={x} points={spire(x + 3, 140, 6, 14)} />;
    })}
    <rect x={84} y={118} width={12} height={22} />
    <polygon points={spire(90, 118, 12, 22)} />
    <rect x={224} y={118} width={12} height={22} />
    <polygon points={spire(230, 118, 12, 22)} />
    <rect x={138} y={112} width={44} height={28} />
    <path d="M138 112 Q160 66 182 112 Z" />
    <polygon points={spire(160, 84, 6, 24)} />
    <g fill={cut}>
      {steps(62, 12, 17).map((x) => (
        <path key={x} d={arch(x, 164, 5, 14)} />
      ))}
    </g>
  </>
);

const vienna: Landmark = ({ fill }) => (
  <>
    <rect x={116} y={134} width={84} height={38} />
    <polygon points="114,134 126,108 190,108 202,134" />
    <rect x={96} y={104} width={18} height={68} />
    <polygon points={spire(105, 104, 18, 78)} />
    <polygon points={spire(210, 134, 14, 22)} />
    <rect x={203} y={134} width={14} height={38} />
    <g stroke={fill} fill="none" strokeWidth={2}>
      <circle cx={262} cy={116} r={32} />
      <circle cx={262} cy={116} r={4} />
      {steps(0, 45, 8).map((degrees) => {
        const angle = (degrees * Math.PI) / 180;
        return (
          <line
            key={degrees}
            x1={262}
            y1={116}
            x2={262 + 32 * Math.cos(angle)}
            y2={116 + 32 * Math.sin(angle)}
            strokeWidth={1}
          />
        );
      })}
    </g>
    <polygon points="262,116 244,172 250,172 262,124 274,172 280,172" />
    {steps(0, 30, 12).map((degrees) => {
      const angle = (degrees * Math.PI) / 180;
      return (
        <rect
          key={degrees}
          x={262 + 32 * Math.cos(angle) - 3}
          y={116 + 32 * Math.sin(angle)}
          width={6}
          height={5}
          rx={1}
        />
      );
    })}
  </>
);

const prague: Landmark = ({ cut }) => (
  <>
    <path d="M0 172 L0 132 Q36 110 92 112 Q148 114 176 146 L188 172 Z" />
    <rect x={30} y={102} width={100} height={14} />
    <rect x={86} y={72} width={14} height={32} />
    <polygon points={spire(93, 72, 16, 32)} />
    <rect x={66} y={86} width={9} height={18} />
    <polygon points={spire(70.5, 86, 11, 20)} />
    <rect x={108} y={88} width={9} height={16} />
    <polygon points={spire(112.5, 88, 11, 18)} />
    <rect x={150} y={154} width={170} height={6} />
    {[176, 214, 252, 290].map((x) => (
      <rect key={x} x={x} y={159} width={8} height={13} />
    ))}
    <rect x={236} y={112} width={24} height={42} />
    <polygon points="234,112 248,86 262,112" />
    <polygon points={spire(236, 112, 6, 14)} />
    <polygon points={spire(260, 112, 6, 14)} />
    <path d={arch(241, 154, 14, 20)} fill={cut} />
    <g fill={cut}>
      {[40, 52, 64, 104, 116].map((x) => (
        <rect key={x} x={x} y={106} width={5} height={6} />
      ))}
    </g>
  </>
);

const baku: Landmark = ({ cut }) => (
  <>
    <Crenellations x={30} y={154} width={110} />
    <path d="M64 172 L64 124 Q64 116 78 114 Q92 116 92 124 L92 172 Z" />
    <rect x={90} y={140} width={14} height={32} />
    {[
      { x: 150, w: 30, h: 110 },
      { x: 184, w: 32, h: 124 },
      { x: 220, w: 28, h: 102 },
    ].map(({ x, w, h }) => {
      const top = GROUND - h;
      return (
        <path
          key={x}
          d={`M${x} ${GROUND} L${x} ${top + 34} C${x} ${top + 16} ${x + w * 0.45} ${top + 12} ${x + w * 0.6} ${top} C${x + w * 0.85} ${top + 18} ${x + w} ${top + 26} ${x + w} ${top + 40} L${x + w} ${GROUND} Z`}
        />
      );
    })}
    <g fill={cut}>
      {[0, 1, 2, 3, 4, 5].map((row) => (
        <rect key={row} x={188} y={70 + row * 16} width={24} height={2} />
      ))}
      <rect x={74} y={130} width={6} height={8} rx={3} />
    </g>
  </>
);

const venice: Landmark = ({ cut, fill }) => (
  <>
    <rect x={96} y={138} width={88} height={34} />
    {[110, 170].map((x) => (
      <path key={x} d={onion(x, 139, 20, 22)} />
    ))}
    <path d={onion(140, 132, 30, 34)} />
    <rect x={126} y={130} width={28} height={8} />
    <rect x={198} y={78} width={18} height={94} />
    <rect x={196} y={68} width={22} height={12} />
    <polygon points={spire(207, 68, 22, 30)} />
    <rect x={224} y={138} width={76} height={34} />
    <g fill={cut}>
      {steps(228, 8, 9).map((x) => (
        <path key={x} d={arch(x, 172, 5, 14)} />
      ))}
      {[102, 126, 152, 172].map((x) => (
        <path key={x} d={arch(x, 172, 8, 16)} />
      ))}
      <rect x={201} y={70} width={4} height={8} />
      <rect x={209} y={70} width={4} height={8} />
    </g>
    <path d="M46 184 Q92 194 138 184 L143 176 L136 183 Q92 190 46 184 Z" />
    <line x1={112} y1={186} x2={118} y2={164} stroke={fill} strokeWidth={1.5} />
    <circle cx={112} cy={170} r={3} />
    <rect x={110} y={172} width={4} height={12} />
  </>
);

const rothenburg: Landmark = ({ cut }) => {
  const houses = [
    { x: 40, w: 40, h: 40 },
    { x: 82, w: 34, h: 46 },
    { x: 118, w: 44, h: 38 },
    { x: 250, w: 44, h: 42 },
  ];
  return (
    <>
      {houses.map(({ x, w, h }) => {
        const top = GROUND - h;
        return (
          <g key={x}>
            <rect x={x} y={top} width={w} height={h} />
            <polygon points={spire(x + w / 2, top + 1, w + 4, w * 0.9)} />
            <g fill={cut}>
              <rect x={x + 6} y={top + 8} width={w - 12} height={1.5} />
              <rect x={x + 6} y={top + 22} width={w - 12} height={1.5} />
              <rect x={x + w / 2 - 0.75} y={top + 8} width={1.5} height={15.5} />
              <rect x={x + 8} y={top + 12} width={6} height={7} />
              <rect x={x + w - 14} y={top + 12} width={6} height={7} />
            </g>
          </g>
        );
      })}
      <rect x={176} y={84} width={26} height={88} />
      <polygon points={spire(189, 84, 30, 40)} />
      <rect x={204} y={120} width={38} height={52} />
      <polygon points="202,120 223,92 244,120" />
      <g fill={cut}>
        <path d={arch(183, 172, 12, 24)} />
        <path d={arch(215, 172, 16, 26)} />
        <rect x={186} y={98} width={6} height={9} />
      </g>
    </>
  );
};

export const LANDMARKS: Record<string, { draw: Landmark; hasWater: boolean }> = {
  istanbul: { draw: istanbul, hasWater: true },
  paris: { draw: paris, hasWater: false },
  rome: { draw: rome, hasWater: false },
  agra: { draw: agra, hasWater: true },
  moscow: { draw: moscow, hasWater: false },
  amsterdam: { draw: amsterdam, hasWater: true },
  budapest: { draw: budapest, hasWater: true },
  vienna: { draw: vienna, hasWater: false },
  prague: { draw: prague, hasWater: true },
  baku: { draw: baku, hasWater: true },
  venice: { draw: venice, hasWater: true },
  rothenburg: { draw: rothenburg, hasWater: false },
};
