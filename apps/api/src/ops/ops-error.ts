/** A failure of backup or restore, worded for the person running it: the command prints its message and exits 1. */
export class OpsError extends Error {}
