import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { DashboardStats } from '@meltway/shared/dashboard/stats.schema';
import { localeTag } from '@/lib/i18n';

function monthLabel(month: string, language: string | undefined) {
  const [year, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(localeTag(language), { month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 2000, (m ?? 1) - 1, 1)),
  );
}

/** Sign-ups per month, oldest first; the figures are also in a table for screen readers. */
export function SignupsChart({ signups }: { signups: DashboardStats['signups'] }) {
  const { t, i18n } = useTranslation('dashboard');
  const data = signups.map((s) => ({ ...s, label: monthLabel(s.month, i18n.resolvedLanguage) }));
  return (
    <>
      <div className="h-64 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} stroke="var(--muted-foreground)" />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} stroke="var(--muted-foreground)" />
            <Tooltip
              cursor={{ fill: 'var(--accent)' }}
              formatter={(value) => [value, t('home.signups')]}
              contentStyle={{ borderRadius: 8, borderColor: 'var(--border)', background: 'var(--popover)' }}
            />
            <Bar dataKey="count" fill="var(--primary)" radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      {/* A table ignores the 1px box of sr-only and kept its full height on screen; its wrapper does not. */}
      <div className="sr-only">
        <table>
          <caption>{t('home.signupsTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('home.month')}</th>
              <th scope="col">{t('home.signups')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.month}>
                <th scope="row">{d.month}</th>
                <td>{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
