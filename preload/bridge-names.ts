/** Names of the two raw Electron IPC channels that carry the whole contract (one for requests, one for events). */
export const IPC_INVOKE = 'rsure:invoke'
export const IPC_EVENT = 'rsure:event'
