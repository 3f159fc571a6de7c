/**
 * The composition root shared by the Electron shell, the CLI and the headless server: it opens the data folder's
 * database and stores once and hands them to tools and the agent through a context (never as globals).
 */
import { PriorStore } from './prior/store'
import { ArtifactStore } from './store/artifacts'
import { openDatabase, type Db } from './store/database'
import { dataPaths, defaultDataDir, type DataPaths } from './store/paths'
import { RunStore } from './store/runs'

export interface Services {
  paths: DataPaths
  db: Db
  runs: RunStore
  artifacts: ArtifactStore
  /** The task-tool reliability prior (seeded from the published matrix on first use). */
  prior: PriorStore
  close(): void
}

export interface ServicesOptions {
  /** Data folder; defaults to RSURE_DATA_DIR or the platform's per-user folder. */
  dataDir?: string
}

export function openServices(opts: ServicesOptions = {}): Services {
  const paths = dataPaths(opts.dataDir ?? defaultDataDir())
  const db = openDatabase({ file: paths.database })
  const runs = new RunStore(db)
  runs.markInterrupted()
  return {
    paths,
    db,
    runs,
    artifacts: new ArtifactStore(paths.artifacts, db),
    prior: new PriorStore(db),
    close: () => db.close(),
  }
}
