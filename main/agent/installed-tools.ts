/**
 * The tools an agent run gets: what is installed in this build. Execute and retrieve are always there; perceive and
 * measure see through the weight-free engines, the installed model packs and the configured vision-language model
 * (perception-backends.ts); a mode none of them serves answers 'insufficient' naming what to install.
 */
import { executeTool } from '../tools/execute/index'
import { createMeasureTool } from '../tools/measure/index'
import { createPerceiveTool } from '../tools/perceive/index'
import type { PerceiveBackends } from '../tools/perceive/backends'
import { retrieveTool } from '../tools/retrieve/index'
import { perceptionBackends } from './perception-backends'
import { ToolRegistry } from './tool-registry'

export async function installedTools(backends: PerceiveBackends = perceptionBackends()): Promise<ToolRegistry> {
  return new ToolRegistry([executeTool, retrieveTool, createPerceiveTool(backends), createMeasureTool(backends)])
}
