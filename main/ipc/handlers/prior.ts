/** `prior.matrix`: the task-type x configuration matrix at one level, for the desk's heatmap. */
import type { IpcDeps } from '../deps'
import type { Handlers } from '../router'
import { needServices } from './need'

export function priorHandlers(deps: IpcDeps): Handlers {
  return {
    'prior.matrix': ({ level, taskType }) => {
      const { prior } = needServices(deps)
      const cells = prior.matrix({ level, taskType }).map((c) => ({
        taskType: c.task_type,
        level: c.level,
        config: c.config,
        tool: c.tool,
        n: c.n,
        n_valid: c.n_valid,
        r_hat: c.r_hat,
        source: c.source,
        usable: c.n >= prior.nMin,
      }))
      return {
        nMin: prior.nMin,
        taskTypes: [...new Set(cells.map((c) => c.taskType))].sort(),
        configs: [...new Set(cells.map((c) => c.config))].sort(),
        cells,
      }
    },
  }
}
