export const STOREFRONT_NAV = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/categories', key: 'nav.shop', end: false },
  { to: '/helpcenter', key: 'nav.helpCenter', end: false },
  { to: '/about', key: 'nav.about', end: false },
] as const;

/** Opened in new tabs from the app launcher. */
export const LAUNCHER_APPS = [
  { href: '/', key: 'launcher.mainSite', icon: 'home' },
  { href: '/academy', key: 'launcher.academy', icon: 'academy' },
  { href: '/shop', key: 'launcher.shop', icon: 'shop' },
  { href: '/layout-generator', key: 'launcher.layoutGenerator', icon: 'layout' },
] as const;
