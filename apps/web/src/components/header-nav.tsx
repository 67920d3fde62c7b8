import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';

type HeaderNavItem = { to: string; label: string; end?: boolean };

type Props = {
  /** Names the navigation landmark. */
  label: string;
  items: readonly HeaderNavItem[];
  className?: string;
  /** Padding of each link, which differs between the site's and the academy's headers. */
  linkClassName?: string;
};

/** A header's row of section links; the current section's link is highlighted and marked as the page. */
export function HeaderNav({ label, items, className, linkClassName = 'px-3' }: Props) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex items-center gap-1">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                cn(
                  'rounded-md py-2 text-sm font-medium whitespace-nowrap transition-colors hover:bg-accent hover:text-accent-foreground',
                  linkClassName,
                  isActive ? 'text-primary' : 'text-foreground/80',
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
