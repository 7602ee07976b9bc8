/** The SPA's routes and link builders: one list shared with the server (src/contract/spa-paths.ts). */
export { paths } from '../../contract/spa-paths';
