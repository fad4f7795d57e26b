/**
 * @intake/dashboard: the web dashboard's files, bundled by esbuild when the package is built
 * (`dist/ui/`), read and served by the daemon; no bundler runs at run time, nothing is fetched.
 */
export { DASHBOARD_DIR, loadDashboard, type DashboardAsset, type DashboardBundle } from './load.js';
export { DASHBOARD_CSP } from './security.js';
