import {
  ArrowLeftRightIcon,
  AwardIcon,
  BadgeCheckIcon,
  BookOpenIcon,
  ClipboardListIcon,
  FileCheckIcon,
  FileTextIcon,
  FolderTreeIcon,
  GraduationCapIcon,
  HandCoinsIcon,
  HelpCircleIcon,
  LayoutDashboardIcon,
  LifeBuoyIcon,
  ListChecksIcon,
  MessagesSquareIcon,
  PackageIcon,
  PercentIcon,
  ShieldCheckIcon,
  ShoppingCartIcon,
  StoreIcon,
  TicketPercentIcon,
  UserPenIcon,
  UserPlusIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import type { Role } from '@meltway/shared/accounts/roles';
import { DEALER_PATHS } from './dashboard-access';

type NavItem = { path: string; key: string; icon: LucideIcon };
export type NavSection = { key?: string; items: NavItem[] };

/** SPEC's sidebar, in its order; `path` is relative to /dashboard. */
const DASHBOARD_NAV: NavSection[] = [
  {
    items: [
      { path: '', key: 'nav.dashboard', icon: LayoutDashboardIcon },
      { path: 'order-management', key: 'nav.orders', icon: ShoppingCartIcon },
      { path: 'customers', key: 'nav.contractors', icon: UsersIcon },
      { path: 'coupons', key: 'nav.coupons', icon: TicketPercentIcon },
      { path: 'transactions', key: 'nav.transactions', icon: ArrowLeftRightIcon },
      { path: 'commission', key: 'nav.commission', icon: HandCoinsIcon },
    ],
  },
  {
    key: 'nav.sections.admin',
    items: [
      { path: 'admins', key: 'nav.admins', icon: ShieldCheckIcon },
      { path: 'tax-rates', key: 'nav.taxRates', icon: PercentIcon },
    ],
  },
  {
    key: 'nav.sections.products',
    items: [
      { path: 'products', key: 'nav.products', icon: PackageIcon },
      { path: 'categories', key: 'nav.categories', icon: FolderTreeIcon },
    ],
  },
  {
    key: 'nav.sections.dealer',
    items: [
      { path: 'dealers', key: 'nav.dealers', icon: StoreIcon },
      { path: 'adddealer', key: 'nav.addDealer', icon: UserPlusIcon },
    ],
  },
  {
    key: 'nav.sections.lms',
    items: [
      { path: 'author', key: 'nav.authors', icon: UserPenIcon },
      { path: 'assignments', key: 'nav.assignments', icon: ClipboardListIcon },
      { path: 'certification', key: 'nav.certification', icon: AwardIcon },
      { path: 'doc', key: 'nav.documents', icon: FileTextIcon },
      { path: 'courses', key: 'nav.courses', icon: BookOpenIcon },
      { path: 'comments', key: 'nav.comments', icon: MessagesSquareIcon },
      { path: 'submissions', key: 'nav.submissions', icon: FileCheckIcon },
      { path: 'students', key: 'nav.students', icon: GraduationCapIcon },
      { path: 'student-certification', key: 'nav.studentCertification', icon: BadgeCheckIcon },
      { path: 'certifications', key: 'nav.certifications', icon: ListChecksIcon },
      { path: 'helpcenter', key: 'nav.helpCenter', icon: LifeBuoyIcon },
      { path: 'faq', key: 'nav.faq', icon: HelpCircleIcon },
    ],
  },
];

/** Admins see everything; dealers only their own business pages. */
export function navForRole(role: Role): NavSection[] {
  if (role === 'admin') return DASHBOARD_NAV;
  return DASHBOARD_NAV.map((section) => ({
    ...section,
    items: section.items.filter((item) => DEALER_PATHS.has(item.path)),
  })).filter((section) => section.items.length > 0);
}
