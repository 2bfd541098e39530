// The core ESM build of the web client carries no types of its own; they are the package's.
declare module 'lightstreamer-client-web/lightstreamer-core.esm.js' {
  export { LightstreamerClient, Subscription } from 'lightstreamer-client-web';
}
