/**
 * Vocabulary of variable tokens in dated series file names (`Taihu Lake_sur_refl_b01_2022-01-01.tif`,
 * `2022_08_10_0110_BT_31.tif`, `Chicago_B10_2024-01-07.tif`): which token run is the variable (the rest being the
 * place), which band roles the variable makes unambiguous, and its unit and standard integer scale.
 *
 * Entries follow the products' own documentation:
 * - MODIS MOD09 surface reflectance `sur_refl_b01`..`b07` (MOD09 User's Guide v1.4, table 1: band 1 620-670 nm red,
 *   2 841-876 nm NIR, 3 459-479 nm blue, 4 545-565 nm green, 5 1230-1250 nm, 6 1628-1652 nm SWIR, 7 2105-2155 nm
 *   SWIR); int16 with scale 0.0001.
 * - MODIS MOD11 emissivity `Emis_31/32` (MOD11 User's Guide: uint8, scale 0.002, offset 0.49).
 * - Landsat Collection-2 Level-2 `SR_B*` (scale 2.75e-5, offset -0.2) and `ST_B10` (scale 0.00341802, offset 149 K),
 *   from the USGS Landsat 8-9 Collection 2 Level 2 Science Product Guide; `QA_PIXEL` bit 0 = fill.
 * - Bare Landsat band tokens `B4`, `b5`, `B10` without a product id: roles by the Landsat 8/9 OLI/TIRS numbering,
 *   an assumption the catalog states in its evidence.
 * - `BT<n>` / `BT_<n>`: brightness temperature of band n, in K.
 * Tokens with no engine unit (VIIRS `avg_rad` nW cm-2 sr-1, `MaxFRP` MW, `precipitation` mm, GHSL
 * `built_volume_*` m3) are kept as stored (`dn`) with the physical unit named in the note.
 */
import type { Unit } from '../units'

export interface VariableInfo {
  /** Band roles the name makes unambiguous (besides the variable itself), e.g. sur_refl_b01 -> red, MODIS_B01. */
  roles: string[]
  /** Unit when the values are physical (floating-point storage or a declared scale); null = no engine unit. */
  unit: Unit | null
  /** Standard scale/offset of integer storage when the product defines one, with its source. */
  integerScale?: { scale: number; offset: number; source: string }
  /** True when the layer holds a temperature (K). */
  temperature: boolean
  /** Fill value of the convention (raw DN), e.g. QA_PIXEL fill = 1. */
  nodata?: number
  /** What the name was taken to mean, for the evidence. */
  note: string
}

const MODIS_ROLES: Record<number, string> = { 1: 'red', 2: 'nir', 3: 'blue', 4: 'green', 5: 'swir1240', 6: 'swir1', 7: 'swir2' }
const OLI_ROLES: Record<number, string> = {
  1: 'coastal',
  2: 'blue',
  3: 'green',
  4: 'red',
  5: 'nir',
  6: 'swir1',
  7: 'swir2',
  8: 'pan',
  9: 'cirrus',
  10: 'tir1',
  11: 'tir2',
}
const pad = (n: number) => String(n).padStart(2, '0')
/** The roles of MODIS band n: its name (MODIS_B07) and, for bands 1-7, what it sees. */
const modisRoles = (n: number): string[] => [`MODIS_B${pad(n)}`, ...(MODIS_ROLES[n] ? [MODIS_ROLES[n]] : [])]

interface Entry {
  pattern: RegExp
  info: (m: RegExpExecArray) => VariableInfo
}

const none = (note: string): VariableInfo => ({ roles: [], unit: null, temperature: false, note })
const ratio = (note: string): VariableInfo => ({ roles: [], unit: 'dimensionless', temperature: false, note })

/** Ordered: the first entry whose pattern matches the whole variable wins. */
const ENTRIES: Entry[] = [
  {
    pattern: /^sur_refl_b(\d{2})$/i,
    info: (m) => {
      const n = Number(m[1])
      const role = MODIS_ROLES[n]
      return {
        roles: modisRoles(n),
        unit: 'reflectance',
        temperature: false,
        integerScale: { scale: 0.0001, offset: 0, source: "MOD09 surface reflectance scale 0.0001 (MOD09 User's Guide), assumed for integer storage" },
        note: `MODIS MOD09 surface reflectance band ${n}${role ? ` (${role})` : ''}`,
      }
    },
  },
  {
    pattern: /^Reflectance_(\d{1,2})$/i,
    info: (m) => {
      const n = Number(m[1])
      return {
        roles: modisRoles(n),
        unit: 'reflectance',
        temperature: false,
        note: `reflectance of band ${n}, MODIS band numbering assumed`,
      }
    },
  },
  {
    pattern: /^(?:BT|TB)_?B?(\d{1,2})(?:_(day|night))?$/i,
    info: (m) => {
      const n = Number(m[1])
      const ph = m[2]?.toUpperCase()
      return {
        roles: [`BT${n}`, ...(ph ? [`BT${n}_${ph}`, `BT_${ph}`] : [])],
        unit: 'K',
        temperature: true,
        note: `brightness temperature of band ${n}${ph ? ` (${ph.toLowerCase()})` : ''}`,
      }
    },
  },
  {
    pattern: /^(?:Emis|Emissivity)_?(\d{1,2})(?:_(day|night))?$/i,
    info: (m) => ({
      roles: [`EMIS${Number(m[1])}`],
      unit: 'dimensionless',
      temperature: false,
      integerScale: { scale: 0.002, offset: 0.49, source: "MOD11 emissivity scale 0.002, offset 0.49 (MOD11 User's Guide), assumed for integer storage" },
      note: `surface emissivity of band ${Number(m[1])}`,
    }),
  },
  {
    pattern: /^SR_B(\d{1,2})$/i,
    info: (m) => {
      const role = OLI_ROLES[Number(m[1])]
      return {
        roles: role ? [role] : [],
        unit: 'reflectance',
        temperature: false,
        integerScale: {
          scale: 2.75e-5,
          offset: -0.2,
          source: 'Landsat Collection-2 Level-2 SR scale 2.75e-5, offset -0.2 (USGS C2 L2 guide), assumed for integer storage',
        },
        note: `Landsat Collection-2 Level-2 surface reflectance band ${Number(m[1])}${role ? ` (${role}, OLI numbering assumed)` : ''}`,
      }
    },
  },
  {
    pattern: /^ST_B(\d{1,2})$/i,
    info: (m) => ({
      roles: [OLI_ROLES[Number(m[1])] ?? `ST${m[1]}`],
      unit: 'K',
      temperature: true,
      integerScale: {
        scale: 0.00341802,
        offset: 149,
        source: 'Landsat Collection-2 Level-2 ST scale 0.00341802, offset 149 K (USGS C2 L2 guide), assumed for integer storage',
      },
      note: `Landsat Collection-2 Level-2 surface temperature band ${Number(m[1])}`,
    }),
  },
  {
    pattern: /^(?:QA_PIXEL|BQA)$/i,
    info: () => ({ roles: ['qa'], unit: null, temperature: false, nodata: 1, note: 'Landsat QA bits (fill bit 0, so fill = 1)' }),
  },
  { pattern: /^QA_[A-Z_]+$/i, info: () => none('QA bits') },
  {
    // Landsat-like band numbers without a product id; zero-padded tokens (b03) are Sentinel-2 or MODIS style and stay unmapped.
    pattern: /^B([1-9]|1[01])$/i,
    info: (m) => {
      const n = Number(m[1])
      const thermal = n === 10 || n === 11
      return {
        roles: [OLI_ROLES[n]],
        unit: thermal ? 'K' : 'reflectance',
        temperature: thermal,
        note: `band ${n}: Landsat 8/9 OLI/TIRS numbering assumed (no product id in the name)${thermal ? '; thermal band taken as brightness temperature in K' : ''}`,
      }
    },
  },
  { pattern: /^B(0\d|1[0-2]|8A)$/i, info: (m) => none(`band ${m[1]}: numbering ambiguous (Sentinel-2 or MODIS); bind roles with role_bands`) },
  { pattern: /^(?:LST|TS|TEMP)(?:_.*)?$/i, info: () => ({ roles: [], unit: 'K', temperature: true, note: 'land surface temperature' }) },
  { pattern: /^(?:BT)(?:_(?:day|night))?$/i, info: () => ({ roles: [], unit: 'K', temperature: true, note: 'brightness temperature' }) },
  {
    pattern: /^(?:NDVI|EVI2?|NDWI|MNDWI|NDBI|NBR2?|NDSI|SAVI|MSAVI2?|GNDVI|NDMI|TVDI|VCI|VHI|FVC|LAI|FPAR)(?:_.*)?$/i,
    info: () => ratio('spectral or vegetation index'),
  },
  { pattern: /^(?:albedo|BSA|WSA)(?:_.*)?$/i, info: () => ({ ...ratio('surface albedo'), roles: ['ALBEDO'] }) },
  { pattern: /^(?:Emis|Emissivity)(?:_(?:day|night))?$/i, info: () => ratio('surface emissivity') },
  {
    pattern: /^(?:avg_rad|cf_cvg|avg_vis|stable_lights|NTL|DNB(?:_.*)?)$/i,
    info: () => none('night-time lights (VIIRS DNB radiance, nW cm-2 sr-1; no engine unit, kept as stored)'),
  },
  { pattern: /^(?:MaxFRP|FRP|FireMask|BurnDate)$/i, info: () => none('active fire (FRP in MW; no engine unit, kept as stored)') },
  { pattern: /^(?:precipitation|precip|prcp|rainfall|total_precipitation(?:_.*)?)$/i, info: () => none('precipitation (mm; no engine unit, kept as stored)') },
  { pattern: /^built_(?:volume|surface|height)(?:_[a-z]+)?$/i, info: () => none('GHSL built-up layer (no engine unit, kept as stored)') },
  {
    pattern:
      /^(?:population|pop_density|NO2|CO|SO2|O3|HCHO|CH4|AOD|PM2_?5|soil_moisture|SM|ET|PET|GPP|NPP|SST|chlor_a|snow_cover|NDSI_Snow_Cover|elevation|DEM|landcover|land_cover|LC_Type\d)$/i,
    info: () => none('physical variable (no engine unit, kept as stored)'),
  },
]

/** The vocabulary entry of a variable token, or null when it is not a known token. */
export function variableInfo(variable: string): VariableInfo | null {
  for (const e of ENTRIES) {
    const m = e.pattern.exec(variable)
    if (m) return e.info(m)
  }
  return null
}

/** Whether a token run is a known variable (used to split `<place>_<VAR>` names). */
export function isKnownVariable(variable: string): boolean {
  return variableInfo(variable) !== null
}

/** Roles a series variable offers: its own name plus the roles its vocabulary entry makes unambiguous. */
export function seriesRoles(variable: string): string[] {
  const info = variableInfo(variable)
  return [variable, ...(info?.roles ?? [])]
}
