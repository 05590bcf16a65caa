import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '@healthlink/web-drugs';
import { SPENDING_SERIES, type SpendingPattern, type SpendingRow } from '../lib/spending-rows';

const PATTERN_SIZE = 8;

function PatternShape({ pattern, color }: { pattern: SpendingPattern; color: string }) {
  switch (pattern) {
    case 'solid':
      return <rect width={PATTERN_SIZE} height={PATTERN_SIZE} fill={color} />;
    case 'stripes':
      return <path d="M-2 2l4-4M0 8l8-8M6 10l4-4" stroke={color} strokeWidth="2.5" />;
    case 'dots':
      return <circle cx={PATTERN_SIZE / 2} cy={PATTERN_SIZE / 2} r="2.4" fill={color} />;
    case 'crosshatch':
      return <path d="M0 0l8 8M8 0l-8 8" stroke={color} strokeWidth="1.8" />;
  }
}

const axisMoney = (value: number) => (value >= 1000 ? `$${Math.round(value / 100) / 10}k` : `$${Math.round(value)}`);

/**
 * "Where your money went" as grouped bars (recharts, loaded as its own chunk). Each amount has its own fill
 * pattern and a labelled legend, so no meaning rests on colour; recharts' accessibility layer makes the chart
 * focusable and its periods reachable with the arrow keys (each read through the tooltip).
 */
export function SpendingChart({ rows, title }: { rows: readonly SpendingRow[]; title: string }) {
  const prefix = useId().replace(/:/g, '');
  return (
    <BarChart
      data={rows as SpendingRow[]}
      responsive
      style={{ width: '100%', height: 320 }}
      margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
      accessibilityLayer
      title={title}
      desc="Use the left and right arrow keys to read each period's amounts. The same figures are in the table below."
    >
      <defs>
        {SPENDING_SERIES.map((series) => (
          <pattern key={series.key} id={`${prefix}-${series.key}`} width={PATTERN_SIZE} height={PATTERN_SIZE} patternUnits="userSpaceOnUse">
            {series.pattern !== 'solid' && <rect width={PATTERN_SIZE} height={PATTERN_SIZE} fill="#fff" />}
            <PatternShape pattern={series.pattern} color={series.color} />
          </pattern>
        ))}
      </defs>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="shortLabel" tick={{ fill: '#1b1f24' }} />
      <YAxis tickFormatter={axisMoney} width={56} tick={{ fill: '#1b1f24' }} />
      <Tooltip
        formatter={(value) => formatMoney(typeof value === 'number' ? value : String(value))}
        labelFormatter={(_label, payload) => (payload?.[0]?.payload as SpendingRow | undefined)?.label ?? ''}
      />
      <Legend itemSorter={null} />
      {SPENDING_SERIES.map((series) => (
        <Bar
          key={series.key}
          dataKey={series.key}
          name={series.label}
          fill={`url(#${prefix}-${series.key})`}
          stroke={series.color}
          strokeWidth={1.5}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}
