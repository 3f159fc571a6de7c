/**
 * The data folder chosen in the settings: remembered in a pointer file in the platform folder, used from the next
 * start unless RSURE_DATA_DIR says otherwise, and forgotten on request.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { chooseDataDir, chosenDataDir, DATA_DIR_POINTER, dataDirSource, defaultDataDir, platformDataDir } from '../../../main/store/paths'
import { tempDir } from '../../helpers/tmp'

const tmp = tempDir()
afterAll(() => tmp.cleanup())
const env = { XDG_DATA_HOME: path.join(tmp.dir, 'xdg') } as NodeJS.ProcessEnv

describe('the chosen data folder', () => {
  it('defaults to the platform folder', () => {
    expect(defaultDataDir(env, 'linux')).toBe(path.join(tmp.dir, 'xdg', 'rsure-desktop'))
    expect(dataDirSource(env, 'linux')).toBe('default')
    expect(chosenDataDir(env, 'linux')).toBeNull()
  })

  it('remembers a chosen folder, creates it, and uses it from then on', () => {
    const chosen = path.join(tmp.dir, 'elsewhere', 'rsure')
    chooseDataDir(chosen, env, 'linux')
    expect(fs.existsSync(chosen)).toBe(true)
    expect(JSON.parse(fs.readFileSync(path.join(platformDataDir(env, 'linux'), DATA_DIR_POINTER), 'utf8'))).toEqual({ dataDir: chosen })
    expect(defaultDataDir(env, 'linux')).toBe(chosen)
    expect(dataDirSource(env, 'linux')).toBe('setting')
  })

  it('lets RSURE_DATA_DIR win, and forgets the choice on request', () => {
    expect(defaultDataDir({ ...env, RSURE_DATA_DIR: '/srv/rsure' }, 'linux')).toBe('/srv/rsure')
    expect(dataDirSource({ ...env, RSURE_DATA_DIR: '/srv/rsure' }, 'linux')).toBe('environment')
    chooseDataDir(null, env, 'linux')
    expect(defaultDataDir(env, 'linux')).toBe(path.join(tmp.dir, 'xdg', 'rsure-desktop'))
  })

  it('ignores a pointer file that does not name an absolute folder', () => {
    fs.writeFileSync(path.join(platformDataDir(env, 'linux'), DATA_DIR_POINTER), '{"dataDir": "relative/path"}')
    expect(chosenDataDir(env, 'linux')).toBeNull()
    fs.writeFileSync(path.join(platformDataDir(env, 'linux'), DATA_DIR_POINTER), 'not json')
    expect(defaultDataDir(env, 'linux')).toBe(path.join(tmp.dir, 'xdg', 'rsure-desktop'))
  })
})
