/**
 * The SDK's own version. Plugins declare the range they were built for in `sdkRange`; the host compares it
 * with this value (see `checkCompatibility`), so bump it with every change to the public surface.
 */
export const SDK_VERSION = '0.1.6';
