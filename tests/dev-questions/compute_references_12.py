#!/usr/bin/env python3
"""References of development set 12 (tests/dev-questions/questions-dev-12.jsonl), computed blind and independently.

Set 12 is about HOW ANALYSTS WRITE CONDITIONS, EXCLUSIONS AND REGIONS: exclusions and negations written many ways
("leave out", "except where", "treat ... as no data", "everything but", "sans", "w/o", "not below", "none of the
pixels where", "only keep", "restrict to", ...), inclusive and exclusive bounds ("at least", "no less than", "up to
and including", ">=", "strictly above", "in excess of", "not exceeding", "between ... exclusive", "from 0.2 to 0.5"),
a condition on one variable for a statistic of another, two conditions joined by and / or, thresholds in degC or degF
on kelvin data, regions (halves, thirds, quadrants, the centre cell of a 3 x 3 grid, pixel windows 0- or 1-based,
lon/lat boxes) and their complements, Landsat BQA cloud / fill exclusions. Every value is chosen so that a misreading
(negation dropped, bound swapped, condition on the wrong variable, region or complement ignored, a degC threshold
compared with kelvin) gives a number outside the tolerance; `misreadings` keeps those values and `put` asserts it.

GDAL 3.6 + numpy, float64, population std. Every value keeps the readings a careful analyst could take where the
conventions differ (splits floor / round / ceil, percentile interpolations, 0..1 NDVI vs every non-nodata NDVI,
pixels lacking the conditioning variable kept or dropped, TVDI bin edges, box centre-inside / any-overlap): the
reference is the midpoint of the readings and the tolerance adds half their span. Where readings differ beyond a
tolerance the question states the reading and only that reading is kept (the other goes to the `note`).

Run from the project root: /usr/bin/python3 tests/dev-questions/compute_references_12.py   (~1 min on 2 cores)
Writes tests/dev-questions/references-12.json.
"""
import itertools
import json
import math
import os
import sys
import time

import numpy as np
from osgeo import gdal

gdal.UseExceptions()
HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED') or os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared'))
Q46 = os.path.join(SHARED, 'benchmarks', 'earthbench-q46', 'files')
LSDIR = os.path.join(SHARED, 'fixtures', 'landsat8_L1TP_016037_20170813')
LSP = os.path.join(LSDIR, 'LC08_L1TP_016037_20170813_20170814_01_RT_')
OUT = os.path.join(HERE, 'references-12.json')

T0 = time.time()
INTERP = ('linear', 'lower', 'higher', 'nearest')
DATES = sorted({n.split('_')[1] for n in os.listdir(Q46) if n.endswith('.tif')})
assert len(DATES) == 23
R_EARTH = 6378137.0


def band(path, i=1):
    ds = gdal.Open(path)  # keep the dataset alive while its band is read (GDAL 3.6 segfaults otherwise)
    return ds.GetRasterBand(i).ReadAsArray()


def kdn(kelvin):
    """A kelvin threshold in LST DN (DN / 50 K), as an exact integer when it lies on a DN, else a half-integer."""
    x = round(kelvin * 50, 6)
    return x


def c2k(c):
    return c + 273.15


def f2k(f):
    return (f - 32) / 1.8 + 273.15


# ================================================================================================ q46 access
class Day:
    """One acquisition: LST (K = DN / 50, valid DN > 0) and NDVI (DN / 10000, nodata -32768); TVDI on demand."""

    def __init__(self, d):
        self.d = d
        self.ldn = band(os.path.join(Q46, f'Xinjiang_{d}_LST.tif')).astype(np.int32)
        self.ndn = band(os.path.join(Q46, f'Xinjiang_{d}_NDVI.tif')).astype(np.int32)
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
        k = np.clip(k, 0, 99).astype(np.int16)
        order = np.argsort(k, kind='stable')  # radix sort on small ints
        ks, ts = k[order], t[order]
        starts = np.flatnonzero(np.r_[True, ks[1:] != ks[:-1]])
        bins = ks[starts].astype(np.int64)
        dry = np.maximum.reduceat(ts, starts)
        wet = np.minimum.reduceat(ts, starts)
        centre = lo + w * (bins + 0.5)
        pd = np.polyfit(centre, dry, 1)
        pw = np.polyfit(centre, wet, 1)
        tv = np.clip((t - np.polyval(pw, n)) / (np.polyval(pd, n) - np.polyval(pw, n)), 0.0, 1.0)
        out = np.full(self.L.shape, np.nan)
        out[m] = tv
        self._tv[edge] = out
        return out


_days = {}


def day(d):
    if d not in _days:
        if len(_days) > 2:
            _days.pop(next(iter(_days)))
        _days[d] = Day(d)
    return _days[d]


GT = gdal.Open(os.path.join(Q46, f'Xinjiang_{DATES[0]}_LST.tif')).GetGeoTransform()
NR, NC = 2573, 2599
assert GT[1] == 30 and GT[5] == -30 and GT[2] == 0 and GT[4] == 0


def cutpoints(n, parts):
    """For each of the parts - 1 cuts of an n-long axis: the set {floor, round half up, ceil} of k n / parts."""
    return [sorted({math.floor(k * n / parts), math.floor(k * n / parts + 0.5), math.ceil(k * n / parts)}) for k in range(1, parts)]


def cut_combos(n, parts):
    """Every combination of the cuts of an axis: a list of tuples of parts - 1 positions."""
    return list(itertools.product(*cutpoints(n, parts)))


def rect(r0, r1, c0, c1, shape=(NR, NC)):
    m = np.zeros(shape, bool)
    m[r0:r1, c0:c1] = True
    return m


def pctl(x, q):
    return {m: float(np.percentile(x, q, method=m)) for m in INTERP}


def merc_y(lat):
    return R_EARTH * math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))


def merc_x(lon):
    return R_EARTH * math.radians(lon)


def lonlat_box(lon0, lon1, lat0, lat1):
    """The q46 pixels of a lon/lat box: {'centre': pixel centres inside, 'overlap': footprints overlapping}."""
    x0, x1, y0, y1 = merc_x(lon0), merc_x(lon1), merc_y(lat0), merc_y(lat1)
    cx = GT[0] + 30 * (np.arange(NC) + 0.5)
    cy = GT[3] - 30 * (np.arange(NR) + 0.5)
    out = {}
    cols = np.flatnonzero((cx >= x0) & (cx <= x1))
    rows = np.flatnonzero((cy >= y0) & (cy <= y1))
    out['centre'] = (rows.min(), rows.max() + 1, cols.min(), cols.max() + 1)
    lx, rx = cx - 15, cx + 15
    ty, by = cy + 15, cy - 15
    cols = np.flatnonzero((rx > x0) & (lx < x1))
    rows = np.flatnonzero((by < y1) & (ty > y0))
    out['overlap'] = (rows.min(), rows.max() + 1, cols.min(), cols.max() + 1)
    return out


# ================================================================================================== Landsat
MTL = {}
with open(LSP + 'MTL.txt') as fh:
    for line in fh:
        if '=' in line:
            k, v = (s.strip() for s in line.split('=', 1))
            MTL[k] = v.strip('"')
assert MTL['DATE_ACQUIRED'] == '2017-08-13'
LB = {b: band(LSP + b + '.TIF').astype(np.float64) for b in ('B4', 'B5', 'B10', 'BQA')}
LH, LW = LB['B4'].shape
assert (LH, LW) == (259, 255)
BQA = LB['BQA'].astype(np.int64)
FILL = (BQA & 1) == 1
CLOUD = ((BQA >> 4) & 1) == 1
CLEAR = ~FILL & ~CLOUD
SUN_ELEV = float(MTL['SUN_ELEVATION'])


def rho(b, sun=False):
    i = b[1:]
    r = float(MTL[f'REFLECTANCE_MULT_BAND_{i}']) * LB[b] + float(MTL[f'REFLECTANCE_ADD_BAND_{i}'])
    return r / math.sin(math.radians(SUN_ELEV)) if sun else r


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


BT10 = bt('B10')
with np.errstate(divide='ignore', invalid='ignore'):
    TOA_NDVI = (rho('B5') - rho('B4')) / (rho('B5') + rho('B4'))
    RAW_NDVI = (LB['B5'] - LB['B4']) / (LB['B5'] + LB['B4'])

# ============================================================================================== bookkeeping
REFS, FACTS, PER = {}, {}, {}


def put(cid, readings, unit, tol, definition, note=None, misreadings=None, extra=None):
    """readings: {label: value} spanned by the tolerance; misreadings: {label: value} of plausible wrong readings of
    the condition / exclusion / region, each asserted to lie outside the tolerance."""
    vals = [float(v) for v in readings.values()]
    lo, hi = min(vals), max(vals)
    value = (lo + hi) / 2
    if unit in ('pixels', 'dates'):
        assert all(float(v).is_integer() for v in vals), cid
        if lo == hi:
            value = lo
        tol = 0.5
    t = tol + (hi - lo) / 2
    REFS[cid] = {'value': value, 'tolerance': t, 'unit': unit, 'readings': {k: float(v) for k, v in readings.items()},
                 'definition': definition}
    if note:
        REFS[cid]['note'] = note
    if extra:
        REFS[cid].update(extra)
    if misreadings:
        for k, x in misreadings.items():
            ok = abs(float(x) - value) > t
            if not ok and os.environ.get('SOFT'):
                print(f'  FAIL {cid}: misreading {k} = {x} within {value} +- {t}')
                continue
            assert ok, f'{cid}: misreading {k} = {x} lies within the tolerance of {value} +- {t}'
        REFS[cid]['misreadings'] = {k: float(x) for k, x in misreadings.items()}
    near = min(abs(float(x) - value) - t for x in misreadings.values()) if misreadings else None
    print(f'{cid:5s} {value:.6f} +- {t:.6g} {unit}  (closest misreading {near:.3g} beyond)  [{time.time() - T0:.0f}s]'
          if near is not None else f'{cid:5s} {value:.6f} +- {t:.6g} {unit}  [{time.time() - T0:.0f}s]')


def put_refuse(cid, reason, why, facts=None):
    REFS[cid] = {'kind': 'refuse', 'reason': reason, 'why': why}
    if facts is not None:
        REFS[cid]['facts'] = facts
    print(f'{cid:5s} refuse')


def mean(a):
    return float(np.mean(a)) if a.size else float('nan')


def share(num, den):
    return 100.0 * float(num.sum()) / float(den.sum())


LSTDEF = 'LST = DN/50 K (DN 0 nodata)'
NDVIDEF = 'NDVI = DN/10000 (nodata -32768)'
PCT = 0.005
TK = 0.005
IDX = 1e-4


# ============================================================================================== self-checks
def selfcheck():
    expect = {'B4': (46100, 6101, 65035, 11195.847483731019), 'B5': (46101, 5784, 65535, 17401.865534370187),
              'B10': (45100, 4567, 30439, 25111.438403547672)}
    for b, (n, lo, hi, mn) in expect.items():
        x = LB[b][LB[b] > 0]
        assert (x.size, x.min(), x.max()) == (n, lo, hi) and abs(x.mean() - mn) <= 1e-9 * mn, b
    v = has('B4', 'B5')
    assert abs(TOA_NDVI[v].mean() - 0.31255227473382297) < 1e-9
    assert abs(RAW_NDVI[v].mean() - 0.20559621830211325) < 1e-9 and int((RAW_NDVI[v] > 0.3).sum()) == 17811
    assert abs(BT10[has('B10')].mean() - 291.83230932684404) < 1e-6
    lgt = gdal.Open(LSP + 'B4.TIF').GetGeoTransform()
    assert lgt == (471585.0, 900.0, 0.0, 3787515.0, 0.0, -900.0), lgt
    assert int(FILL.sum()) == 20946 and int((~FILL).sum()) == 45099 and int((CLOUD & ~FILL).sum()) == 12030
    # threshold conversions the questions rest on: each lies exactly on an LST DN
    for k, want in ((c2k(36.85), 15500), (f2k(98.33), 15500), (c2k(16.85), 14500), (f2k(62.33), 14500)):
        assert abs(k * 50 - want) < 1e-6, (k, want)
    FACTS['selfcheck'] = {'b10_bt_mean_K': float(BT10[has('B10')].mean()), 'toa_ndvi_mean': float(TOA_NDVI[v].mean()),
                          'fill_px': int(FILL.sum()), 'cloud_px': int((CLOUD & ~FILL).sum())}


def per_date():
    """Per-date LST / NDVI summaries and the TVDI annual mean of means of the held-out README (0.68999)."""
    for d in DATES:
        x = day(d)
        r = {'lst_valid': int(x.lv.sum())}
        if x.lv.any():
            t = x.L[x.lv]
            r.update(lst_mean=float(t.mean()), lst_std=float(t.std()), lst_min=float(t.min()), lst_max=float(t.max()),
                     lst_share_below_0C=float(100 * (x.ldn[x.lv] < 13657.5).mean()))
        r['ndvi_mean'] = {g: float(x.N[x.nmask(g)].mean()) for g in ('01', 'loose')}
        r['ndvi_valid'] = {g: int(x.nmask(g).sum()) for g in ('01', 'loose')}
        r['ndvi_dn_min_max'] = [int(x.ndn[x.nloose].min()), int(x.ndn[x.nloose].max())]
        tv = {}
        for e in ('up', 'down'):
            a = x.tvdi(e)
            if a is not None:
                v = a[np.isfinite(a)]
                tv[e] = {'mean': float(v.mean()), 'n': int(v.size)}
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


def on_threshold(x, var, dn):
    """Pixels lying exactly on a threshold (in DN)."""
    if var == 'LST':
        return int((x.lv & (x.ldn == dn)).sum())
    return int((x.nloose & (x.ndn == dn)).sum())


def fact_on(cid, d, var, *dns):
    x = day(d)
    FACTS.setdefault('on_threshold', {})[cid] = {f'{d} {var} DN {dn}': on_threshold(x, var, dn) for dn in dns}
    for dn in dns:
        assert on_threshold(x, var, dn) > 0, (cid, d, var, dn)  # a bound the question states must matter


# ================================================================================================= negation
def negation():
    # ng1: 2019-06-26, mean LST leaving out the pixels whose NDVI is below 0.6 (and those without NDVI: stated)
    d = '2019-06-26'
    x = day(d)
    keep = x.lv & x.nloose & (x.ndn >= 6000)
    fact_on('ng1', d, 'NDVI', 6000)
    put('ng1', {'mean': mean(x.L[keep])}, 'K', TK,
        f'{LSTDEF}; {NDVIDEF}; {d}; mean LST over pixels with valid LST and NDVI >= 0.6 (pixels on 0.6 kept: only '
        '"below 0.6" is left out; pixels with no NDVI left out, stated).',
        misreadings={'negation_dropped_ndvi_lt_0.6': mean(x.L[x.lv & x.nloose & (x.ndn < 6000)]),
                     'no_exclusion': mean(x.L[x.lv]),
                     'bound_swapped_ndvi_gt_0.6': mean(x.L[x.lv & (x.ndn > 6000)]),
                     'nodata_ndvi_kept': mean(x.L[x.lv & ((x.ndn >= 6000) | ~x.nloose)])})
    # ng2: 2019-08-13, mean NDVI (0..1) except where LST exceeds 310 K
    d = '2019-08-13'
    x = day(d)
    base = x.n01
    fact_on('ng2', d, 'LST', 15500)
    rd = {'lst_nodata_dropped': mean(x.N[base & x.lv & (x.ldn <= 15500)]),
          'lst_nodata_kept': mean(x.N[base & ~(x.lv & (x.ldn > 15500))])}
    put('ng2', rd, 'NDVI', IDX,
        f'{NDVIDEF}, 0 <= NDVI <= 1 (stated); {LSTDEF}; {d}; mean NDVI leaving out pixels with LST > 310 K (pixels on '
        '310 K kept); pixels with no LST kept or dropped (both spanned).',
        misreadings={'negation_dropped_lst_gt_310': mean(x.N[base & x.lv & (x.ldn > 15500)]),
                     'no_exclusion': mean(x.N[base]),
                     'bound_swapped_lst_lt_310': mean(x.N[base & x.lv & (x.ldn < 15500)])})
    # ng3: 2019-09-14, LST below 300 K treated as no data; mean NDVI (0..1) of the rest (with valid LST)
    d = '2019-09-14'
    x = day(d)
    fact_on('ng3', d, 'LST', 15000)
    keep = x.n01 & x.lv & (x.ldn >= 15000)
    put('ng3', {'mean': mean(x.N[keep])}, 'NDVI', IDX,
        f'{NDVIDEF}, 0 <= NDVI <= 1 (stated); {LSTDEF}; {d}; LST < 300 K set to nodata, then mean NDVI over pixels with '
        'valid LST (i.e. LST >= 300 K; pixels on 300 K kept; pixels with no LST left out, as nodata).',
        misreadings={'negation_dropped_lst_lt_300': mean(x.N[x.n01 & x.lv & (x.ldn < 15000)]),
                     'no_exclusion_all_ndvi': mean(x.N[x.n01]),
                     'no_exclusion_valid_lst': mean(x.N[x.n01 & x.lv]),
                     'bound_swapped_lst_gt_300': mean(x.N[x.n01 & x.lv & (x.ldn > 15000)])})
    # ng4: 2019-10-16, count of pixels whose NDVI is not below 0.2 (double negative)
    d = '2019-10-16'
    x = day(d)
    fact_on('ng4', d, 'NDVI', 2000)
    put('ng4', {'count': int((x.nloose & (x.ndn >= 2000)).sum())}, 'pixels', 0.5,
        f'{NDVIDEF}; {d}; number of pixels with NDVI >= 0.2 ("not below 0.2": pixels on 0.2 counted; NDVI above 1 '
        'does not occur, so the 0..1 and every-non-nodata readings agree); nodata not counted.',
        misreadings={'negation_dropped_below_0.2_01': int((x.n01 & (x.ndn < 2000)).sum()),
                     'negation_dropped_below_0.2_loose': int((x.nloose & (x.ndn < 2000)).sum()),
                     'bound_swapped_gt_0.2': int((x.nloose & (x.ndn > 2000)).sum())})
    assert int((x.ndn > 10000).sum()) == 0
    # ng5: 2019-09-14, number of valid LST pixels other than those from 295 to 305 K (ends in the excluded band)
    d = '2019-09-14'
    x = day(d)
    fact_on('ng5', d, 'LST', 14750, 15250)
    t = x.ldn[x.lv]
    inr = (t >= 14750) & (t <= 15250)
    put('ng5', {'count': int((~inr).sum())}, 'pixels', 0.5,
        f'{LSTDEF}; {d}; number of valid LST pixels whose LST is not in [295, 305] K (both ends belong to the excluded '
        'band, stated): LST < 295 K or LST > 305 K.',
        misreadings={'negation_dropped_inside': int(inr.sum()),
                     'ends_kept': int(((t <= 14750) | (t >= 15250)).sum()),
                     'all_pixels_minus_band': NR * NC - int(inr.sum())})
    # ng6: 2019-07-12, share of valid LST outside 300-315 K, the ends counting as inside
    d = '2019-07-12'
    x = day(d)
    fact_on('ng6', d, 'LST', 15000, 15750)
    t = x.ldn[x.lv]
    put('ng6', {'share': 100 * float(((t < 15000) | (t > 15750)).mean())}, '%', PCT,
        f'{LSTDEF}; {d}; percentage of the valid LST pixels with LST < 300 K or LST > 315 K (300 and 315 K themselves '
        'count as inside, stated).',
        misreadings={'inside': 100 * float(((t >= 15000) & (t <= 15750)).mean()),
                     'ends_outside': 100 * float(((t <= 15000) | (t >= 15750)).mean()),
                     'denominator_all_pixels': 100 * float(((t < 15000) | (t > 15750)).sum()) / (NR * NC)})
    # ng7: 2019-06-10, mean NDVI (0..1) sans the pixels colder than 25 degC (298.15 K, DN 14907.5); no-LST pixels out
    d = '2019-06-10'
    x = day(d)
    thr = kdn(c2k(25))
    assert thr == 14907.5
    put('ng7', {'mean': mean(x.N[x.n01 & x.lv & (x.ldn > thr)])}, 'NDVI', IDX,
        f'{NDVIDEF}, 0 <= NDVI <= 1 (stated); {LSTDEF}; {d}; mean NDVI over pixels with valid LST not below 25 degC '
        '(298.15 K = DN 14907.5, no pixel on it); pixels with no LST left out (stated).',
        misreadings={'negation_dropped_colder': mean(x.N[x.n01 & x.lv & (x.ldn < thr)]),
                     'no_exclusion': mean(x.N[x.n01]),
                     'degC_as_kelvin_25K': mean(x.N[x.n01 & x.lv]),
                     'lst_nodata_kept': mean(x.N[x.n01 & ~(x.lv & (x.ldn < thr))]),
                     'loose_ndvi': mean(x.N[x.nloose & x.lv & (x.ldn > thr)])})
    # ng8: 2019-07-12, mean NDVI (0..1) using none of the pixels where LST is 310 K or more (valid LST only, stated)
    d = '2019-07-12'
    x = day(d)
    fact_on('ng8', d, 'LST', 15500)
    put('ng8', {'mean': mean(x.N[x.n01 & x.lv & (x.ldn < 15500)])}, 'NDVI', IDX,
        f'{NDVIDEF}, 0 <= NDVI <= 1 (stated); {LSTDEF}; {d}; mean NDVI over pixels with valid LST below 310 K (pixels '
        'on 310 K dropped with the hotter ones; pixels with no LST left out, stated).',
        misreadings={'negation_dropped_ge_310': mean(x.N[x.n01 & x.lv & (x.ldn >= 15500)]),
                     'bound_swapped_le_310': mean(x.N[x.n01 & x.lv & (x.ldn <= 15500)]),
                     'no_exclusion': mean(x.N[x.n01]),
                     'lst_nodata_kept': mean(x.N[x.n01 & ~(x.lv & (x.ldn >= 15500))])})


# ====================================================================================== units in thresholds
def units():
    # u1: 2019-07-28, mean NDVI (0..1) where LST >= 36.85 degC (= 310.00 K = DN 15500)
    d = '2019-07-28'
    x = day(d)
    fact_on('u1', d, 'LST', 15500)
    put('u1', {'mean': mean(x.N[x.n01 & x.lv & (x.ldn >= 15500)])}, 'NDVI', IDX,
        f'{NDVIDEF}, 0 <= NDVI <= 1 (stated); {LSTDEF}; {d}; mean NDVI over pixels with LST >= 36.85 degC (= 310 K '
        'exactly, DN 15500; "at least": the pixels on it counted).',
        misreadings={'bound_swapped_gt': mean(x.N[x.n01 & x.lv & (x.ldn > 15500)]),
                     'degC_as_kelvin_all_valid': mean(x.N[x.n01 & x.lv]),
                     'negation': mean(x.N[x.n01 & x.lv & (x.ldn < 15500)])})
    # u2: 2019-08-13, count of pixels with LST not exceeding 98.33 degF (= 310 K = DN 15500)
    d = '2019-08-13'
    x = day(d)
    fact_on('u2', d, 'LST', 15500)
    put('u2', {'count': int((x.lv & (x.ldn <= 15500)).sum())}, 'pixels', 0.5,
        f'{LSTDEF}; {d}; number of valid LST pixels with LST <= 98.33 degF (= 36.85 degC = 310 K exactly, DN 15500; '
        '"not exceeding": pixels on it counted).',
        misreadings={'bound_swapped_lt': int((x.lv & (x.ldn < 15500)).sum()),
                     'negation_gt': int((x.lv & (x.ldn > 15500)).sum()),
                     'degF_as_kelvin_98K': 0,
                     'degF_as_degC_371K': int(x.lv.sum())})
    # u3: 2019-11-01, share of valid LST strictly below 62.33 degF / 16.85 degC (= 290 K, DN 14500)
    d = '2019-11-01'
    x = day(d)
    fact_on('u3', d, 'LST', 14500)
    t = x.ldn[x.lv]
    put('u3', {'share': 100 * float((t < 14500).mean())}, '%', PCT,
        f'{LSTDEF}; {d}; percentage of the valid LST pixels with LST strictly below 16.85 degC = 62.33 degF (= 290 K '
        'exactly, DN 14500; the pixels on it not counted, stated).',
        misreadings={'bound_swapped_le': 100 * float((t <= 14500).mean()),
                     'negation_ge': 100 * float((t >= 14500).mean()),
                     'degC_as_kelvin': 0.0,
                     'denominator_all_pixels': 100 * float((t < 14500).sum()) / (NR * NC)})


# ===================================================================================== derived conditions
def derived():
    # d1: 2019-09-14, mean LST where NDVI strictly above 0.5
    d = '2019-09-14'
    x = day(d)
    fact_on('d1', d, 'NDVI', 5000)
    put('d1', {'mean': mean(x.L[x.lv & x.nloose & (x.ndn > 5000)])}, 'K', TK,
        f'{LSTDEF}; {NDVIDEF}; {d}; mean LST over pixels with valid LST and NDVI > 0.5 (strictly: the pixels on 0.5 '
        'not counted).',
        misreadings={'bound_swapped_ge': mean(x.L[x.lv & x.nloose & (x.ndn >= 5000)]),
                     'negation_le': mean(x.L[x.lv & x.nloose & (x.ndn <= 5000)]),
                     'no_condition': mean(x.L[x.lv])})
    # d2: 2019-07-28, mean NDVI where TVDI < 0.3
    d = '2019-07-28'
    x = day(d)
    rd, mis = {}, {}
    for e in ('up', 'down'):
        tv = x.tvdi(e)
        ok = np.isfinite(tv)
        rd[f'edge_{e}'] = mean(x.N[ok & (tv < 0.3)])
        mis[f'negation_tvdi_ge_0.3_{e}'] = mean(x.N[ok & (tv >= 0.3)])
        FACTS.setdefault('tvdi_exact', {})[f'd2 {e}'] = {'on_0.3': int((tv == 0.3).sum()), 'n': int(ok.sum())}
    mis['wrong_variable_ndvi_lt_0.3'] = mean(x.N[x.n01 & (x.ndn < 3000)])
    mis['no_condition'] = mean(x.N[x.n01])
    put('d2', rd, 'NDVI', IDX,
        f'{NDVIDEF}; {LSTDEF}; TVDI per the benchmark README (both bin-edge assignments spanned); {d}; mean NDVI over '
        'pixels with a TVDI (valid LST and 0 <= NDVI <= 1) and TVDI < 0.3.', misreadings=mis)
    # d3: 2019-08-13, share of valid LST with LST > 315 K AND NDVI < 0.2
    d = '2019-08-13'
    x = day(d)
    fact_on('d3', d, 'LST', 15750)
    t = x.lv
    hot = x.lv & (x.ldn > 15750)
    rd = {'negatives_in': share(hot & x.nloose & (x.ndn < 2000), t),
          'negatives_out': share(hot & x.n01 & (x.ndn < 2000), t)}
    put('d3', rd, '%', PCT,
        f'{LSTDEF}; {NDVIDEF}; {d}; percentage of the valid LST pixels with LST > 315 K (strictly: pixels on 315 K not '
        'counted, stated) and NDVI < 0.2 (pixels with no NDVI do not satisfy it; negative NDVI counted or not, spanned).',
        misreadings={'or_instead_of_and': share(hot | (x.lv & x.nloose & (x.ndn < 2000)), t),
                     'lst_condition_only': share(hot, t),
                     'ndvi_condition_only': share(x.lv & x.nloose & (x.ndn < 2000), t),
                     'bound_swapped_ge_315': share(x.lv & (x.ldn >= 15750) & x.nloose & (x.ndn < 2000), t)})
    # d4: 2019-06-26, count of pixels with LST >= 315 K OR NDVI >= 0.7
    d = '2019-06-26'
    x = day(d)
    fact_on('d4', d, 'LST', 15750)
    fact_on('d4', d, 'NDVI', 7000)
    a = x.lv & (x.ldn >= 15750)
    b = x.nloose & (x.ndn >= 7000)
    put('d4', {'count': int((a | b).sum())}, 'pixels', 0.5,
        f'{LSTDEF}; {NDVIDEF}; {d}; number of pixels with LST >= 315 K or NDVI >= 0.7 (either condition; pixels on '
        'either bound counted; a pixel with no LST but NDVI >= 0.7 counts, and vice versa).',
        misreadings={'and_instead_of_or': int((a & b).sum()),
                     'bound_swapped_gt_both': int(((x.lv & (x.ldn > 15750)) | (x.nloose & (x.ndn > 7000))).sum()),
                     'lst_only': int(a.sum()), 'ndvi_only': int(b.sum()),
                     'both_variables_required': int(((a | b) & x.lv & x.nloose).sum())})
    # d5: 2019-08-29, mean LST where TVDI is strictly below 1 (pixels clipped to the dry edge left out)
    d = '2019-08-29'
    x = day(d)
    rd, mis = {}, {}
    for e in ('up', 'down'):
        tv = x.tvdi(e)
        ok = np.isfinite(tv)
        rd[f'edge_{e}'] = mean(x.L[ok & (tv < 1.0)])
        mis[f'bound_swapped_le_1_{e}'] = mean(x.L[ok])
        mis[f'negation_tvdi_eq_1_{e}'] = mean(x.L[ok & (tv >= 1.0)])
        FACTS.setdefault('tvdi_exact', {})[f'd5 {e}'] = {'at_1': int((tv == 1.0).sum()), 'at_0': int((tv == 0.0).sum()),
                                                         'n': int(ok.sum())}
    mis['no_condition_all_valid_lst'] = mean(x.L[x.lv])
    put('d5', rd, 'K', TK,
        f'{LSTDEF}; {NDVIDEF}; TVDI per the benchmark README (both bin-edge assignments spanned); {d}; mean LST over '
        'pixels with a TVDI strictly below 1 (the pixels clipped to TVDI = 1 at the dry edge left out).',
        misreadings=mis)
    # d6: 2019-07-28, only keep 0.4 <= NDVI <= 0.5 (both ends in); mean LST
    d = '2019-07-28'
    x = day(d)
    fact_on('d6', d, 'NDVI', 4000, 5000)
    inr = x.lv & x.nloose & (x.ndn >= 4000) & (x.ndn <= 5000)
    put('d6', {'mean': mean(x.L[inr])}, 'K', TK,
        f'{LSTDEF}; {NDVIDEF}; {d}; mean LST over pixels with valid LST and 0.4 <= NDVI <= 0.5 (both ends in, stated).',
        misreadings={'ends_out': mean(x.L[x.lv & x.nloose & (x.ndn > 4000) & (x.ndn < 5000)]),
                     'negation_outside': mean(x.L[x.lv & x.nloose & ((x.ndn < 4000) | (x.ndn > 5000))]),
                     'no_condition': mean(x.L[x.lv])})


# ================================================================================================== bounds
def bounds():
    # b1: 2019-05-09, count NDVI >= 0.5 ("at least" / "no less than")
    d = '2019-05-09'
    x = day(d)
    fact_on('b1', d, 'NDVI', 5000)
    put('b1', {'count': int((x.nloose & (x.ndn >= 5000)).sum())}, 'pixels', 0.5,
        f'{NDVIDEF}; {d}; number of pixels with NDVI >= 0.5 (pixels on 0.5 counted).',
        misreadings={'bound_swapped_gt': int((x.nloose & (x.ndn > 5000)).sum()),
                     'negation_lt_01': int((x.n01 & (x.ndn < 5000)).sum())})
    # b2: 2019-09-14, share of valid LST <= 300 K ("up to and including" / "300 K or less")
    d = '2019-09-14'
    x = day(d)
    fact_on('b2', d, 'LST', 15000)
    t = x.ldn[x.lv]
    put('b2', {'share': 100 * float((t <= 15000).mean())}, '%', PCT,
        f'{LSTDEF}; {d}; percentage of the valid LST pixels with LST <= 300 K (pixels on 300 K counted).',
        misreadings={'bound_swapped_lt': 100 * float((t < 15000).mean()),
                     'negation_gt': 100 * float((t > 15000).mean()),
                     'denominator_all_pixels': 100 * float((t <= 15000).sum()) / (NR * NC)})
    # b3: 2019-07-12, count LST > 315 K ("strictly above" / "in excess of")
    d = '2019-07-12'
    x = day(d)
    fact_on('b3', d, 'LST', 15750)
    put('b3', {'count': int((x.lv & (x.ldn > 15750)).sum())}, 'pixels', 0.5,
        f'{LSTDEF}; {d}; number of valid LST pixels with LST > 315 K (strictly; pixels on 315 K not counted).',
        misreadings={'bound_swapped_ge': int((x.lv & (x.ldn >= 15750)).sum()),
                     'negation_le': int((x.lv & (x.ldn <= 15750)).sum())})
    # b4: 2019-10-16, share of non-nodata NDVI pixels with 0.2 <= NDVI <= 0.5 ("from 0.2 to 0.5", both ends in)
    d = '2019-10-16'
    x = day(d)
    fact_on('b4', d, 'NDVI', 2000, 5000)
    n = x.ndn[x.nloose]
    put('b4', {'share': 100 * float(((n >= 2000) & (n <= 5000)).mean())}, '%', PCT,
        f'{NDVIDEF}; {d}; percentage of all pixels with an NDVI value (nodata -32768 left out, negative NDVI kept in the '
        'denominator, stated) with 0.2 <= NDVI <= 0.5 (both ends in).',
        misreadings={'ends_out': 100 * float(((n > 2000) & (n < 5000)).mean()),
                     'lower_end_only': 100 * float(((n >= 2000) & (n < 5000)).mean()),
                     'denominator_0_1': 100 * float(((n >= 2000) & (n <= 5000)).sum()) / float(((n >= 0) & (n <= 10000)).sum()),
                     'outside': 100 * float(((n < 2000) | (n > 5000)).mean())})
    # b5: 2019-11-01, count of LST strictly between 285 and 290 K (exclusive)
    d = '2019-11-01'
    x = day(d)
    fact_on('b5', d, 'LST', 14250, 14500)
    t = x.ldn[x.lv]
    put('b5', {'count': int(((t > 14250) & (t < 14500)).sum())}, 'pixels', 0.5,
        f'{LSTDEF}; {d}; number of valid LST pixels with 285 K < LST < 290 K (both ends excluded, stated).',
        misreadings={'inclusive': int(((t >= 14250) & (t <= 14500)).sum()),
                     'lower_in': int(((t >= 14250) & (t < 14500)).sum()),
                     'upper_in': int(((t > 14250) & (t <= 14500)).sum())})
    # b6: 2019-06-10, count NDVI >= 0.8 ("≥ 0.8" / ">= 0.8")
    d = '2019-06-10'
    x = day(d)
    fact_on('b6', d, 'NDVI', 8000)
    put('b6', {'count': int((x.nloose & (x.ndn >= 8000)).sum())}, 'pixels', 0.5,
        f'{NDVIDEF}; {d}; number of pixels with NDVI >= 0.8 (pixels on 0.8 counted).',
        misreadings={'bound_swapped_gt': int((x.nloose & (x.ndn > 8000)).sum()),
                     'negation_lt': int((x.n01 & (x.ndn < 8000)).sum())})


# ================================================================================================== regions
def region_stat(x, mask_fn, combos, stat):
    """stat over mask_fn(*combo) for every combination of cuts: {label: value}."""
    return {str(c): stat(x, mask_fn(*c)) for c in combos}


def regions():
    rq = cutpoints(NR, 2)[0]
    cq = cutpoints(NC, 2)[0]
    FACTS['q46_cuts'] = {'halves_rows': rq, 'halves_cols': cq, 'thirds_rows': cutpoints(NR, 3), 'thirds_cols': cutpoints(NC, 3)}
    # r1: 2019-08-13, mean LST everything except the top-left quadrant
    d = '2019-08-13'
    x = day(d)
    combos = list(itertools.product(rq, cq))
    lst = lambda x, m: mean(x.L[x.lv & m])
    rd = region_stat(x, lambda r, c: ~rect(0, r, 0, c), combos, lst)
    mis = {'tl_quadrant_itself': np.mean([lst(x, rect(0, r, 0, c)) for r, c in combos]), 'whole_image': lst(x, np.ones((NR, NC), bool))}
    mis.update({f'other_quadrant_{k}': np.mean([lst(x, f(r, c)) for r, c in combos]) for k, f in
                {'tr': lambda r, c: rect(0, r, c, NC), 'bl': lambda r, c: rect(r, NR, 0, c), 'br': lambda r, c: rect(r, NR, c, NC)}.items()})
    put('r1', rd, 'K', TK,
        f'{LSTDEF}; {d}; mean LST over the valid pixels of the image minus its top-left (north-west) quadrant, i.e. the '
        f'other three quadrants; rows cut at {rq}, columns at {cq} (floor/round/ceil of the halves, spanned).',
        misreadings=mis)
    # r2: 2019-07-12, mean NDVI (0..1) of the centre cell of a 3 x 3 grid
    d = '2019-07-12'
    x = day(d)
    combos3 = list(itertools.product(cut_combos(NR, 3), cut_combos(NC, 3)))
    nd = lambda x, m: mean(x.N[x.n01 & m])
    rd = region_stat(x, lambda r, c: rect(r[0], r[1], c[0], c[1]), combos3, nd)
    put('r2', rd, 'NDVI', IDX,
        f'{NDVIDEF}, 0 <= NDVI <= 1 (stated); {d}; mean NDVI over the centre cell of a 3 x 3 grid of the image (rows '
        f'{cutpoints(NR, 3)}, columns {cutpoints(NC, 3)}: floor/round/ceil of the thirds, every combination spanned).',
        misreadings={'whole_image': nd(x, np.ones((NR, NC), bool)),
                     'outside_centre_cell': np.mean([nd(x, ~rect(r[0], r[1], c[0], c[1])) for r, c in combos3])},
        note='keeping negative NDVI gives %.6f (mean over the cut combinations)' %
             np.mean([mean(x.N[x.nloose & rect(r[0], r[1], c[0], c[1])]) for r, c in combos3]))
    # r3: 2019-06-10, mean LST outside the centre cell of a 3 x 3 grid
    d = '2019-06-10'
    x = day(d)
    rd = region_stat(x, lambda r, c: ~rect(r[0], r[1], c[0], c[1]), combos3, lst)
    put('r3', rd, 'K', TK,
        f'{LSTDEF}; {d}; mean LST over the valid pixels outside the centre cell of a 3 x 3 grid (the eight border '
        'cells together; cuts as r2, every combination spanned).',
        misreadings={'centre_cell_itself': np.mean([lst(x, rect(r[0], r[1], c[0], c[1])) for r, c in combos3]),
                     'whole_image': lst(x, np.ones((NR, NC), bool))})
    # r4: 2019-05-25, mean LST of the window rows 1200-1239, columns 1900-1939, 0-based inclusive (stated)
    d = '2019-05-25'
    x = day(d)
    w = lambda r0, c0, n=40: rect(r0, r0 + n, c0, c0 + n)
    assert x.lv[rect(1199, 1240, 1899, 1940)].all()
    put('r4', {'mean': lst(x, w(1200, 1900))}, 'K', TK,
        f'{LSTDEF}; {d}; mean LST over the window rows 1200-1239 and columns 1900-1939, 0-based, both ends included '
        '(stated; 1600 pixels, all valid).',
        misreadings={'one_based_reading': lst(x, w(1199, 1899)), 'ends_excluded_39x39': lst(x, rect(1200, 1239, 1900, 1939)),
                     'whole_image': lst(x, np.ones((NR, NC), bool))})
    FACTS['r4_window'] = {'valid': int(x.lv[w(1200, 1900)].sum())}
    # r5: 2019-09-14, count of NDVI >= 0.2 in the window rows 1501-1560, columns 1301-1360, stated 1-based
    d = '2019-09-14'
    x = day(d)
    cnt = lambda m, op=np.greater_equal: int((m & x.nloose & op(x.ndn, 2000)).sum())
    win = rect(1500, 1560, 1300, 1360)
    on = int((win & x.nloose & (x.ndn == 2000)).sum())
    assert on > 0 and int((win & ~x.nloose).sum()) == 0
    FACTS['r5_window'] = {'on_0.2': on}
    put('r5', {'count': cnt(win)}, 'pixels', 0.5,
        f'{NDVIDEF}; {d}; number of pixels with NDVI >= 0.2 (pixels on 0.2 counted: {on} in the window) in rows '
        '1501-1560 and columns 1301-1360 counted from 1 (stated: 0-based rows 1500-1559, columns 1300-1359; 3600 '
        'pixels, all with NDVI).',
        misreadings={'zero_based_reading': cnt(rect(1501, 1561, 1301, 1361)),
                     'ends_excluded': cnt(rect(1500, 1559, 1300, 1359)),
                     'bound_swapped_gt': cnt(win, np.greater),
                     'whole_image': cnt(np.ones((NR, NC), bool))})
    # r6: 2019-07-28, mean LST inside the lon/lat box 87.60-87.70 E, 43.70-43.80 N
    d = '2019-07-28'
    x = day(d)
    bx = lonlat_box(87.60, 87.70, 43.70, 43.80)
    FACTS['r6_box'] = {k: [int(v) for v in b] for k, b in bx.items()}
    rd = {k: lst(x, rect(*b)) for k, b in bx.items()}
    put('r6', rd, 'K', TK,
        f'{LSTDEF}; {d}; mean LST over the valid pixels of the box 87.60-87.70 E, 43.70-43.80 N (WGS84 lon/lat; the '
        'rasters are EPSG:3857): pixel centres inside and pixels overlapping the box both spanned.',
        misreadings={'outside_box': np.mean([lst(x, ~rect(*b)) for b in bx.values()]),
                     'whole_image': lst(x, np.ones((NR, NC), bool))})
    # r7: 2019-09-14, mean NDVI (0..1) outside the lon/lat box 87.55-87.75 E, 43.55-43.75 N
    d = '2019-09-14'
    x = day(d)
    bx = lonlat_box(87.55, 87.75, 43.55, 43.75)
    FACTS['r7_box'] = {k: [int(v) for v in b] for k, b in bx.items()}
    rd = {k: nd(x, ~rect(*b)) for k, b in bx.items()}
    put('r7', rd, 'NDVI', IDX,
        f'{NDVIDEF}, 0 <= NDVI <= 1 (stated); {d}; mean NDVI over the image except the box 87.55-87.75 E, '
        '43.55-43.75 N (the complement of the pixel centres inside / of the pixels overlapping, both spanned).',
        misreadings={'inside_box': np.mean([nd(x, rect(*b)) for b in bx.values()]),
                     'whole_image': nd(x, np.ones((NR, NC), bool))})
    # r8: 2019-09-14, mean LST of the image without its western third (the eastern two thirds)
    c3 = cutpoints(NC, 3)
    rd = {f'cut_{c}': lst(x, rect(0, NR, c, NC)) for c in c3[0]}
    put('r8', rd, 'K', TK,
        f'{LSTDEF}; {d}; mean LST over the valid pixels east of the western third (columns from {c3[0]} to the east '
        'edge: floor/round/ceil spanned).',
        misreadings={'western_third_itself': np.mean([lst(x, rect(0, NR, 0, c)) for c in c3[0]]),
                     'eastern_third_only': np.mean([lst(x, rect(0, NR, c, NC)) for c in c3[1]]),
                     'whole_image': lst(x, np.ones((NR, NC), bool))})


# ================================================================================================ cloud-free
def cloudfree():
    v10 = has('B10')
    nf = ~FILL
    # c1: mean B10 BT in degC minus the cloudy pixels (fill left out)
    rd = {'b10_and_bqa_nonfill': mean(BT10[CLEAR & v10]) - 273.15}
    assert int((CLEAR & v10).sum()) == int(CLEAR.sum()) == 33069
    put('c1', rd, 'degC', TK,
        'Landsat 8 2017-08-13; band 10 brightness temperature from the MTL (radiance rescaling, K1/K2), in degC (BT - '
        '273.15); pixels with BQA bit 0 (fill) or bit 4 (cloud) set left out (33069 pixels; B10 > 0 on all of them).',
        misreadings={'clouds_kept': mean(BT10[nf & v10]) - 273.15, 'cloudy_only': mean(BT10[CLOUD & nf & v10]) - 273.15,
                     'kelvin': mean(BT10[CLEAR & v10])})
    # c2: mean TOA NDVI with the exception of cloud and fill pixels
    m = CLEAR & has('B4', 'B5')
    put('c2', {'toa': mean(TOA_NDVI[m])}, 'NDVI', IDX,
        'Landsat 8 2017-08-13; NDVI on TOA reflectance (2e-5 DN - 0.1, no sun-elevation correction; a ratio, so the '
        'correction would cancel) (B5 - B4) / (B5 + B4) over pixels with B4 > 0, B5 > 0 and BQA bits 0 and 4 both 0.',
        misreadings={'clouds_kept': mean(TOA_NDVI[has('B4', 'B5')]), 'cloudy_only': mean(TOA_NDVI[CLOUD & nf & has('B4', 'B5')]),
                     'raw_dn': mean(RAW_NDVI[m])})
    # c3: share of the non-fill pixels without the cloud bit
    put('c3', {'share': share(CLEAR, nf)}, '%', PCT,
        'Landsat 8 BQA; percentage of the non-fill pixels (bit 0 = 0; 45099) whose cloud bit 4 is 0 (33069).',
        misreadings={'cloud_share': share(CLOUD & nf, nf), 'denominator_with_fill': 100 * CLEAR.sum() / CLEAR.size})
    # c4: median band 5 TOA reflectance (no sun-elevation correction) treating cloud pixels as no data
    m = CLEAR & has('B5')
    rd = pctl(rho('B5')[m], 50)
    put('c4', rd, 'reflectance', IDX,
        'Landsat 8 2017-08-13; band 5 TOA reflectance 2e-5 DN - 0.1 without sun-elevation correction (stated); median '
        'over pixels with B5 > 0 and BQA bits 0 and 4 both 0 (interpolations spanned).',
        misreadings={'clouds_kept': float(np.median(rho('B5')[nf & has('B5')])),
                     'sun_corrected': float(np.median(rho('B5', True)[m])),
                     'cloudy_only': float(np.median(rho('B5')[CLOUD & nf & has('B5')]))})
    # c5: mean B10 BT (K) of the clear pixels of the southern half, the top half ignored
    rc = cutpoints(LH, 2)[0]
    rd = {f'cut_{r}': mean(BT10[CLEAR & v10 & rect(r, LH, 0, LW, (LH, LW))]) for r in rc}
    put('c5', rd, 'K', TK,
        f'Landsat 8 2017-08-13; band 10 BT (K) over the BQA-clear pixels (bits 0 and 4 both 0) of the bottom (southern) '
        f'half (rows from {rc} down: floor/round/ceil of 259 / 2 spanned).',
        misreadings={'top_half': np.mean([mean(BT10[CLEAR & v10 & rect(0, r, 0, LW, (LH, LW))]) for r in rc]),
                     'clouds_kept': np.mean([mean(BT10[nf & v10 & rect(r, LH, 0, LW, (LH, LW))]) for r in rc]),
                     'whole_scene_clear': mean(BT10[CLEAR & v10])})


# ================================================================================================= controls
def controls():
    p = PER
    # k1: mean LST 2019-05-09 ignoring nodata
    d = '2019-05-09'
    put('k1', {'mean': p[d]['lst_mean']}, 'K', TK, f'{LSTDEF}; {d}; mean over the valid pixels.',
        misreadings={'nodata_as_0K': p[d]['lst_mean'] * p[d]['lst_valid'] / (NR * NC)})
    # k2: mean NDVI 2019-08-29 dropping the -32768 fill and negative values
    d = '2019-08-29'
    x = day(d)
    assert PER[d]['ndvi_dn_min_max'][1] <= 10000
    put('k2', {'01': p[d]['ndvi_mean']['01']}, 'NDVI', IDX,
        f'{NDVIDEF}; {d}; mean over 0 <= NDVI <= 1 (fill and negatives dropped, stated; nothing exceeds 1).',
        misreadings={'fill_as_value': float(np.mean(x.N)), 'negatives_kept': p[d]['ndvi_mean']['loose']})
    # k3: valid LST count 2019-07-12
    d = '2019-07-12'
    put('k3', {'count': p[d]['lst_valid']}, 'pixels', 0.5, f'{LSTDEF}; {d}; number of pixels with DN > 0.',
        misreadings={'all_pixels': NR * NC, 'nodata_pixels': NR * NC - p[d]['lst_valid']})
    # k4: population std of LST 2019-06-10 leaving nodata out
    d = '2019-06-10'
    x = day(d)
    put('k4', {'std': p[d]['lst_std']}, 'K', TK, f'{LSTDEF}; {d}; population standard deviation over the valid pixels.',
        misreadings={'nodata_as_0K': float(np.std(x.L))})
    # k5: share below 0 degC on 2019-03-06, no-data out of the denominator
    d = '2019-03-06'
    put('k5', {'share': p[d]['lst_share_below_0C']}, '%', PCT,
        f'{LSTDEF}; {d}; percentage of the valid LST pixels below 0 degC (273.15 K = DN 13657.5, no pixel on it).',
        misreadings={'denominator_all_pixels': p[d]['lst_share_below_0C'] * p[d]['lst_valid'] / (NR * NC),
                     'nodata_counted_as_below': 100 * (1 - (1 - p[d]['lst_share_below_0C'] / 100) * p[d]['lst_valid'] / (NR * NC))})
    # k6: 2019-08-13 minus 2019-05-25 mean LST
    a, b = p['2019-08-13']['lst_mean'], p['2019-05-25']['lst_mean']
    put('k6', {'diff': a - b}, 'K', TK, f'{LSTDEF}; mean over each date\'s own valid pixels; 2019-08-13 minus 2019-05-25.',
        misreadings={'reversed': b - a})
    # k7: ratio of mean NDVI (0..1) 2019-07-12 / 2019-04-07
    a, b = p['2019-07-12']['ndvi_mean'], p['2019-04-07']['ndvi_mean']
    put('k7', {'ratio': a['01'] / b['01']}, 'ratio', IDX,
        f'{NDVIDEF}; mean over 0 <= NDVI <= 1 of each date (negatives left out, stated); 2019-07-12 divided by 2019-04-07.',
        misreadings={'inverse': b['01'] / a['01'], 'negatives_kept': a['loose'] / b['loose']})
    # k8: dates with mean LST below 280 K, the three empty dates left out
    ds = [d for d in DATES if p[d]['lst_valid'] > 0 and p[d]['lst_mean'] < 280]
    FACTS['k8_dates'] = ds
    near = sorted(abs(p[d]['lst_mean'] - 280) for d in DATES if p[d]['lst_valid'] > 0)[0]
    FACTS['k8_nearest_to_280K'] = near
    put('k8', {'count': len(ds)}, 'dates', 0.5,
        f'{LSTDEF}; the acquisitions with at least one valid LST pixel (20 of 23) whose mean LST is below 280 K: {ds}.',
        misreadings={'empty_dates_counted': len(ds) + 3, 'negation_at_or_above': 20 - len(ds)})
    # k9: dates with mean NDVI (0..1) >= 0.25, June left out
    ds = [d for d in DATES if p[d]['ndvi_mean']['01'] >= 0.25 and d[5:7] != '06']
    dl = [d for d in DATES if p[d]['ndvi_mean']['loose'] >= 0.25 and d[5:7] != '06']
    assert ds == dl, (ds, dl)
    FACTS['k9_dates'] = ds
    FACTS['k9_nearest_to_0.25'] = sorted((abs(p[d]['ndvi_mean'][g] - 0.25), d, g) for d in DATES for g in ('01', 'loose'))[:2]
    june = [d for d in DATES if p[d]['ndvi_mean']['01'] >= 0.25 and d[5:7] == '06']
    put('k9', {'count': len(ds)}, 'dates', 0.5,
        f'{NDVIDEF}; per-date mean NDVI (0..1 and every-non-nodata readings agree here) >= 0.25, acquisitions in June '
        f'left out: {ds}.',
        misreadings={'june_kept': len(ds) + len(june), 'june_only': len(june)})
    # k10: summer (Jun-Aug) mean of per-date mean LST, the 2019-07-12 scene left out
    sm = [d for d in DATES if d[5:7] in ('06', '07', '08') and p[d]['lst_valid'] > 0]
    ex = [d for d in sm if d != '2019-07-12']
    put('k10', {'mean': float(np.mean([p[d]['lst_mean'] for d in ex]))}, 'K', TK,
        f'{LSTDEF}; mean of the per-date mean LST of {ex} (June-August 2019 without 2019-07-12).',
        misreadings={'scene_kept': float(np.mean([p[d]['lst_mean'] for d in sm])), 'scene_only': p['2019-07-12']['lst_mean']})
    # k11: 2019 apart from the winter months (Dec, Jan, Feb): mean of per-date means (Mar-Nov)
    mn = [d for d in DATES if d[5:7] not in ('12', '01', '02') and p[d]['lst_valid'] > 0]
    wn = [d for d in DATES if d[5:7] in ('12', '01', '02') and p[d]['lst_valid'] > 0]
    allv = [d for d in DATES if p[d]['lst_valid'] > 0]
    put('k11', {'mean': float(np.mean([p[d]['lst_mean'] for d in mn]))}, 'K', TK,
        f'{LSTDEF}; mean of the per-date mean LST of March-November 2019 ({len(mn)} dates with valid LST: {mn}).',
        misreadings={'winter_only': float(np.mean([p[d]['lst_mean'] for d in wn])),
                     'whole_year': float(np.mean([p[d]['lst_mean'] for d in allv]))})


# ================================================================================================ refusals
def refusals():
    put_refuse('rf1', 'there is no field or irrigation layer: which pixels are "the irrigated fields" cannot be told',
               'Only LST and NDVI rasters are given; an NDVI threshold would be a guess the question does not make.')
    put_refuse('rf2', 'no city boundary is given: "outside the city" has no extent in the files',
               'The files hold no polygon or extent for Urumqi; any boundary would be invented.')
    put_refuse('rf3', '"the central area" has no stated size or shape (a centre cell of which grid? a box of what size?)',
               'Different central windows give different means; the question names none.')
    put_refuse('rf4', 'no soil-moisture data: the files hold LST and NDVI (TVDI is a unitless dryness proxy, not '
               'volumetric soil moisture)', 'A soil-moisture threshold in m3/m3 cannot be applied to these files.')
    put_refuse('rf5', 'there is no land-cover or built-up layer for the Landsat scene: "the built-up area" cannot be '
               'masked out', 'The BQA flags fill, cloud, shadow, snow and cirrus, not land cover.')
    put_refuse('rf6', '"drop the outliers" gives no rule (z-score? IQR? percentiles?), and each rule gives another mean',
               'Outlier rules differ and the question names none.',
               facts={'note': 'e.g. 2019-07-12 LST: 3-sigma and 1.5 IQR rules keep different pixels'})
    put_refuse('rf7', 'no albedo file: the q46 files hold only LST and NDVI', 'Albedo needs reflectance bands.')
    assert '2019-07-20' not in DATES
    put_refuse('rf8', 'no acquisition on 2019-07-20 (the nearest are 2019-07-12 and 2019-07-28)',
               'The series is 16-daily; no interpolation was asked.', facts={'nearest': ['2019-07-12', '2019-07-28']})


def main():
    selfcheck()
    per_date()
    negation()
    units()
    derived()
    bounds()
    regions()
    cloudfree()
    controls()
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
