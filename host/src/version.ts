/** The shell's version; plugin manifests name the host versions they support in `hostRange`. */
export const HOST_VERSION = '0.1.0';
