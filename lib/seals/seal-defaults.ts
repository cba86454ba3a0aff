/**
 * Where and how large a seal goes when the request does not say (decisions.md), shared by
 * sealDocument and the dashboard's seal dialog: plain constants, no server code.
 */

/** decisions.md defaults: bottom-right, 1.5 in. */
export const SEAL_DEFAULTS = { positionX: 0.85, positionY: 0.85, size: 108 } as const;

/** A stamp from half an inch to four inches across, in PDF points. */
export const SEAL_SIZE_RANGE = [36, 288] as const;
