/**
 * The default backbone, `rules`: the deterministic skill planner, the deterministic evidence policy as verifier,
 * and answer templates. It needs no model, so the app answers standard questions fully offline.
 */
import { EvidencePolicyVerifier } from '../../verify/evidence-policy'
import type { Backbone } from '../backbone'
import { UsageMeter } from '../model'
import { TemplateAnswerWriter } from './answer-templates'
import { RulesPlanner } from './rules-planner'

export function createRulesBackbone(): Backbone {
  return {
    id: 'rules',
    planner: new RulesPlanner(),
    verifier: new EvidencePolicyVerifier(),
    writer: new TemplateAnswerWriter(),
    meter: new UsageMeter(),
    close: async () => {},
  }
}
