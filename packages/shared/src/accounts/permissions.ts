import type { Role } from './roles.js';

export type Permission = {
  /** Who may do it; 'public' is anyone, signed in or not. */
  roles: 'public' | readonly Role[];
  /** Roles that may do it only for their own records (a dealer: its own contractors). */
  ownOnly?: readonly Role[];
};

/**
 * The one permission table: API routes take their `access` from it, and the dashboard's roles
 * page renders it, so what the page says is what the server enforces.
 */
export const PERMISSIONS = {
  'account.signIn': { roles: 'public' },
  'account.register': { roles: 'public' },
  'account.resetPassword': { roles: 'public' },
  'account.me': { roles: ['admin', 'dealer', 'contractor', 'customer'] },
  'dealers.listPublic': { roles: 'public' },
  'dealers.list': { roles: ['admin'] },
  'dealers.view': { roles: ['admin'] },
  'dealers.create': { roles: ['admin'] },
  'dealers.voidCheque': { roles: ['admin', 'dealer'], ownOnly: ['dealer'] },
  'approvals.decide': { roles: ['admin', 'dealer'], ownOnly: ['dealer'] },
  'users.delete': { roles: ['admin'] },
  'contractors.list': { roles: ['admin', 'dealer'], ownOnly: ['dealer'] },
  'contractors.view': { roles: ['admin', 'dealer'], ownOnly: ['dealer'] },
  'admins.list': { roles: ['admin'] },
  'admins.invite': { roles: ['admin'] },
  'dashboard.view': { roles: ['admin', 'dealer'] },
  'catalogue.browse': { roles: 'public' },
  'catalogue.viewAll': { roles: ['admin', 'dealer'] },
  'catalogue.manage': { roles: ['admin'] },
  'suppliers.list': { roles: ['admin', 'dealer'] },
  'cart.use': { roles: ['admin', 'dealer', 'contractor', 'customer'] },
  'cart.price': { roles: 'public' },
  'checkout.quote': { roles: 'public' },
  'orders.place': { roles: 'public' },
  'orders.list': { roles: ['admin', 'dealer', 'contractor', 'customer'], ownOnly: ['dealer', 'contractor', 'customer'] },
  'orders.view': { roles: ['admin', 'dealer', 'contractor', 'customer'], ownOnly: ['dealer', 'contractor', 'customer'] },
  'orders.export': { roles: ['admin', 'dealer'], ownOnly: ['dealer'] },
  'orders.cancelOwn': { roles: ['admin', 'dealer', 'contractor', 'customer'], ownOnly: ['dealer', 'contractor', 'customer'] },
  'orders.payOwn': { roles: ['admin', 'dealer', 'contractor', 'customer'], ownOnly: ['admin', 'dealer', 'contractor', 'customer'] },
  'orders.manage': { roles: ['admin'] },
  'orders.viewByLink': { roles: 'public' },
  'orders.lookup': { roles: 'public' },
  'payments.confirm': { roles: 'public' },
  'payments.webhook': { roles: 'public' },
  'transactions.list': { roles: ['admin', 'dealer'], ownOnly: ['dealer'] },
  'commission.view': { roles: ['admin', 'dealer'], ownOnly: ['dealer'] },
  'credit.view': { roles: ['admin', 'dealer', 'contractor'], ownOnly: ['dealer', 'contractor'] },
  'credit.manage': { roles: ['admin'] },
  'coupons.manage': { roles: ['admin'] },
  'taxRates.manage': { roles: ['admin'] },
  'help.browse': { roles: 'public' },
  'about.view': { roles: 'public' },
  'help.manage': { roles: ['admin'] },
  'contact.send': { roles: 'public' },
  'newsletter.subscribe': { roles: 'public' },
  'newsletter.export': { roles: ['admin'] },
  'academy.browse': { roles: 'public' },
  'academy.learn': { roles: ['admin', 'dealer', 'contractor', 'customer'] },
  'academy.manage': { roles: ['admin'] },
  'academy.moderate': { roles: ['admin'] },
  'academy.students': { roles: ['admin', 'dealer'], ownOnly: ['dealer'] },
  'academy.studentsManage': { roles: ['admin'] },
  'academy.grade': { roles: ['admin'] },
  'certificates.own': { roles: ['admin', 'dealer', 'contractor', 'customer'], ownOnly: ['dealer', 'contractor', 'customer'] },
  'certificates.verify': { roles: 'public' },
  'certificates.manage': { roles: ['admin'] },
  'certifications.holders': { roles: ['admin', 'dealer'], ownOnly: ['dealer'] },
  'design.calculate': { roles: 'public' },
  'designs.own': { roles: ['admin', 'dealer', 'contractor', 'customer'], ownOnly: ['dealer', 'contractor', 'customer'] },
  'installers.profile': { roles: ['contractor'], ownOnly: ['contractor'] },
  'installers.search': { roles: 'public' },
} as const satisfies Record<string, Permission>;

export type PermissionKey = keyof typeof PERMISSIONS;

/** The route `access` of a permission. */
export const accessOf = (key: PermissionKey): Permission['roles'] => PERMISSIONS[key].roles;
