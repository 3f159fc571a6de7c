#!/usr/bin/env python3
"""References of development set 13 (tests/dev-questions/questions-dev-13.jsonl), computed blind and independently.

Set 13 is about HOW THE ASK ITSELF IS WRITTEN: the statistic (mean, median, population std, min, max, range,
percentiles, IQR, counts, shares, a sum, the coefficient of variation) written many ways ("typical (average)", "middle
value", "how spread out", "top decile cutoff", "how many pixels", "what fraction", "what percent"); the order of
statistics (median of per-date means vs mean of per-date medians, the hottest pixel vs the highest scene mean, pooled
pixels vs the mean of means, the std across dates of the scene means vs the std of the pooled pixels); combinations
(A minus B and B minus A, absolute difference, ratio, percent change with its base stated, "how many kelvin / °F
warmer", "by what factor", percentage points); series (least-squares slopes per year / month / day with the time
axis stated, Sen's slope, the Mann-Kendall Z, a monthly mean, the date of an extreme, a ranking, a count of dates);
the answer's unit and form (°C, °F, K asked explicitly, a fraction vs a percent, hectares and km2, millions of pixels
to 2 decimals, rounding to a whole kelvin or to 1 decimal, a date); yes/no asks and two asks in one question.

Every value is chosen so that a misreading of the ask gives a number outside the tolerance; `misreadings` keeps the
values of the plausible wrong readings (the other statistic, the other order, the sign swapped, the inverse ratio,
the other base, kelvin instead of °C, a converted temperature instead of a difference, a percent instead of a
fraction, the nominal instead of the true area, the sample instead of the population std, ...) and `put` asserts
each lies outside the tolerance.

GDAL 3.6 + numpy, float64, population std. LST = DN / 50 K (DN 0 nodata), NDVI = DN / 10000 (nodata -32768; the 0..1
reading and the reading keeping negatives, spanned where the question does not state one), TVDI per the benchmark
README with both bin-edge assignments, periods = mean of per-date means unless pooled, dates with no valid LST left
out, Landsat TOA = 2e-5 DN - 0.1 without sun-elevation correction, BT from the MTL, BQA bit 0 fill, bit 4 cloud.
Percentiles are computed exactly from DN histograms (numpy's linear / lower / higher / nearest definitions, checked
against np.percentile), pooled sums from integer DN sums.

Run from the project root: /usr/bin/python3 tests/dev-questions/compute_references_13.py   (~1 min on 2 cores)
Writes tests/dev-questions/references-13.json.
"""
import datetime as dt
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
OUT = os.path.join(HERE, 'references-13.json')

T0 = time.time()
INTERP = ('linear', 'lower', 'higher', 'nearest')
DATES = sorted({n.split('_')[1] for n in os.listdir(Q46) if n.endswith('.tif')})
assert len(DATES) == 23
R_EARTH = 6378137.0
E2 = 0.00669437999014  # WGS84 first eccentricity squared
NR, NC = 2573, 2599
ZERO_C_DN = 13657.5  # 0 °C = 273.15 K = DN 13657.5: no pixel lies on it


def band(path, i=1):
    ds = gdal.Open(path)  # keep the dataset alive while its band is read (GDAL 3.6 segfaults otherwise)
    b = ds.GetRasterBand(i)
    a = b.ReadAsArray()
    del b, ds
    return a


def doy(d):
    return dt.date.fromisoformat(d).timetuple().tm_yday


def k2c(k):
    return k - 273.15


def k2f(k):
    return (k - 273.15) * 1.8 + 32


# ======================================================================================== exact percentiles
def hist_value(cum, offset, k):
    """The k-th (0-based) smallest value of a histogram with cumulative counts `cum` (value = bin + offset)."""
    return int(np.searchsorted(cum, k, side='right')) + offset


def hpct(hist, offset, q, scale):
    """np.percentile(values, q, method=m) for the four methods, from a histogram of integer DNs (value = DN / scale)."""
    cum = np.cumsum(hist)
    n = int(cum[-1])
    h = (n - 1) * (q / 100.0)
    lo, hi = math.floor(h), math.ceil(h)
    vlo, vhi = hist_value(cum, offset, lo) / scale, hist_value(cum, offset, hi) / scale
    g = h - lo
    out = {'linear': vlo + (vhi - vlo) * g, 'lower': vlo, 'higher': vhi,
           'nearest': hist_value(cum, offset, int(np.around(h))) / scale}
    return out


# ================================================================================================ q46 access
GT = None


class Day:
    """One acquisition: LST (K = DN / 50, valid DN > 0) and NDVI (DN / 10000, nodata -32768); TVDI on demand."""

    def __init__(self, d):
        self.d = d
        self.ldn = band(os.path.join(Q46, f'Xinjiang_{d}_LST.tif')).astype(np.int32)
        self.ndn = band(os.path.join(Q46, f'Xinjiang_{d}_NDVI.tif')).astype(np.int32)
        assert self.ldn.shape == (NR, NC) and self.ndn.shape == (NR, NC)
        self.lv = self.ldn > 0
        self.nloose = self.ndn != -32768
        self.n01 = self.nloose & (self.ndn >= 0) & (self.ndn <= 10000)
        self._tv = {}

    def tvdi(self, edge):
        """TVDI (benchmark README): pixels with valid LST and 0 <= NDVI <= 1; 100 equal bins between the min and max
        NDVI; per bin max LST (dry) and min LST (wet); each edge a least-squares line against the bin centres;
        (LST - wet) / (dry - wet) clipped to [0, 1]. `edge` decides which bin a value on a bin edge joins:
        'up' = floor((n - lo) / w) (the upper bin), 'down' = ceil(...) - 1 (the lower bin). Returns the TVDI values
        of the pixels (1-D) or None under 100 pixels."""
        if edge in self._tv:
            return self._tv[edge]
        m = self.lv & self.n01
        if m.sum() < 100:
            self._tv[edge] = None
            return None
        n, t = self.ndn[m] / 10000.0, self.ldn[m] / 50.0
        lo, hi = n.min(), n.max()
        w = (hi - lo) / 100.0
        k = np.floor((n - lo) / w) if edge == 'up' else np.ceil((n - lo) / w) - 1
        k = np.clip(k, 0, 99).astype(np.int16)
        order = np.argsort(k, kind='stable')
        ks, ts = k[order], t[order]
        starts = np.flatnonzero(np.r_[True, ks[1:] != ks[:-1]])
        bins = ks[starts].astype(np.int64)
        dry = np.maximum.reduceat(ts, starts)
        wet = np.minimum.reduceat(ts, starts)
        centre = lo + w * (bins + 0.5)
        pd = np.polyfit(centre, dry, 1)
        pw = np.polyfit(centre, wet, 1)
        tv = np.clip((t - np.polyval(pw, n)) / (np.polyval(pd, n) - np.polyval(pw, n)), 0.0, 1.0)
        self._tv[edge] = tv
        return tv


# =========================================================================================== true pixel areas
def row_areas():
    """True ground area (m2) of one q46 pixel in each row: the pixel's EPSG:3857 edges mapped to latitude by the
    inverse spherical Mercator; 'sphere' = R^2 dlon (sin phi2 - sin phi1), 'ellipsoid' = the WGS84 quadrangle area
    between the same latitudes (authalic formula)."""
    ytop = GT[3] - 30.0 * np.arange(NR)
    ybot = ytop - 30.0
    lat = lambda y: 2 * np.arctan(np.exp(y / R_EARTH)) - math.pi / 2  # noqa: E731
    p2, p1 = lat(ytop), lat(ybot)
    dlon = 30.0 / R_EARTH
    sphere = R_EARTH ** 2 * dlon * (np.sin(p2) - np.sin(p1))
    e = math.sqrt(E2)
    b2 = R_EARTH ** 2 * (1 - E2)

    def f(p):
        s = np.sin(p)
        return s / (1 - E2 * s * s) + np.log((1 + e * s) / (1 - e * s)) / (2 * e)

    ell = b2 * dlon / 2 * (f(p2) - f(p1))
    pc = lat(GT[3] - 30.0 * (np.arange(NR) + 0.5))
    approx = 900.0 * np.cos(pc) ** 2
    assert np.allclose(sphere, approx, rtol=1e-6)
    return {'sphere': sphere, 'ellipsoid': ell}


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
PCT = 0.005   # percentage points
TK = 0.005    # K, °C, °F and their differences
IDX = 1e-4    # indices, ratios, fractions
LSTDEF = 'LST = DN/50 K (DN 0 nodata)'
NDVIDEF = 'NDVI = DN/10000 (nodata -32768)'


def put(cid, readings, unit, tol, definition, misreadings, note=None, extra=None, rel=None):
    """readings: {label: value} spanned by the tolerance; misreadings: {label: value} of plausible wrong readings of
    the ask, each asserted to lie outside the tolerance. rel: a relative tolerance (areas) instead of `tol`."""
    vals = [float(v) for v in readings.values()]
    lo, hi = min(vals), max(vals)
    value = (lo + hi) / 2
    if unit in ('pixels', 'dates'):
        assert all(float(v).is_integer() for v in vals), cid
        if lo == hi:
            value = lo
        tol = 0.5
    if rel is not None:
        tol = rel * abs(value)
    t = tol + (hi - lo) / 2
    REFS[cid] = {'value': value, 'tolerance': t, 'unit': unit, 'readings': {k: float(v) for k, v in readings.items()},
                 'definition': definition}
    if note:
        REFS[cid]['note'] = note
    if extra:
        REFS[cid].update(extra)
    assert misreadings, cid
    for k, x in misreadings.items():
        ok = abs(float(x) - value) > t
        if not ok and os.environ.get('SOFT'):
            print(f'  FAIL {cid}: misreading {k} = {x} within {value} +- {t}')
            continue
        assert ok, f'{cid}: misreading {k} = {x} lies within the tolerance of {value} +- {t}'
    REFS[cid]['misreadings'] = {k: float(x) for k, x in misreadings.items()}
    near = min(abs(float(x) - value) - t for x in misreadings.values())
    print(f'{cid:5s} {value:.6f} +- {t:.6g} {unit}  (closest misreading {near:.3g} beyond)  [{time.time() - T0:.0f}s]')


def put_date(cid, value, definition, ranking, misreadings, note=None):
    """A date answer: the acquisition, its ranking (top 3) and the dates a misreading of the ask would give."""
    assert value in DATES
    for k, x in misreadings.items():
        assert x != value, (cid, k)
    REFS[cid] = {'value': value, 'tolerance': 0, 'unit': 'date', 'readings': {'date': value},
                 'definition': definition, 'ranking': ranking, 'misreadings': misreadings}
    if note:
        REFS[cid]['note'] = note
    print(f'{cid:5s} {value}  misreadings {misreadings}')


def put_refuse(cid, reason, why, facts=None):
    REFS[cid] = {'kind': 'refuse', 'reason': reason, 'why': why}
    if facts is not None:
        REFS[cid]['facts'] = facts
    print(f'{cid:5s} refuse')


def interp_span(p):
    return {m: p[m] for m in INTERP}


# ============================================================================================== self-checks
def selfcheck_landsat():
    expect = {'B4': (46100, 6101, 65035, 11195.847483731019), 'B5': (46101, 5784, 65535, 17401.865534370187),
              'B10': (45100, 4567, 30439, 25111.438403547672)}
    for b, (n, lo, hi, mn) in expect.items():
        x = LB[b][LB[b] > 0]
        assert (x.size, x.min(), x.max()) == (n, lo, hi) and abs(x.mean() - mn) <= 1e-9 * mn, b
    v = has('B4', 'B5')
    assert abs(TOA_NDVI[v].mean() - 0.31255227473382297) < 1e-9
    assert abs(RAW_NDVI[v].mean() - 0.20559621830211325) < 1e-9 and int((RAW_NDVI[v] > 0.3).sum()) == 17811
    assert abs(BT10[has('B10')].mean() - 291.83230932684404) < 1e-6
    ds = gdal.Open(LSP + 'B4.TIF')
    lgt = ds.GetGeoTransform()
    del ds
    assert lgt == (471585.0, 900.0, 0.0, 3787515.0, 0.0, -900.0), lgt
    assert int(FILL.sum()) == 20946 and int((~FILL).sum()) == 45099 and int((CLOUD & ~FILL).sum()) == 12030
    FACTS['selfcheck'] = {'b10_bt_mean_K': float(BT10[has('B10')].mean()), 'toa_ndvi_mean': float(TOA_NDVI[v].mean()),
                          'fill_px': int(FILL.sum()), 'cloud_px': int((CLOUD & ~FILL).sum())}


def selfcheck_percentiles(x):
    """hpct against np.percentile on one date's LST and NDVI, every method, a few quantiles."""
    t = x.ldn[x.lv]
    hl = np.bincount(t, minlength=65536)
    nd = x.ndn[x.nloose]
    hn = np.bincount(nd + 32768, minlength=65536)
    for q in (10, 25, 50, 75, 90, 33.3):
        p = hpct(hl, 0, q, 50.0)
        pn = hpct(hn, -32768, q, 10000.0)
        for m in INTERP:
            a = float(np.percentile(t / 50.0, q, method=m))
            b = float(np.percentile(nd / 10000.0, q, method=m))
            assert abs(a - p[m]) < 1e-9 and abs(b - pn[m]) < 1e-12, (x.d, q, m, a, p[m], b, pn[m])
    # 'nearest' with a half-way virtual index (n odd -> (n-1)/2 integer; use an even-length toy array too)
    for arr in (np.array([1, 2, 3, 4]), np.array([1, 2, 2, 5, 7, 9]), np.arange(11) ** 2):
        h = np.bincount(arr)
        for q in (50, 25, 75, 10, 90, 30):
            p = hpct(h, 0, q, 1.0)
            for m in INTERP:
                assert abs(float(np.percentile(arr, q, method=m)) - p[m]) < 1e-12, (arr, q, m)


# ================================================================================================= pass 1
HL, HN = {}, {}        # per-date LST DN histograms (0..65535), NDVI DN histograms (DN + 32768)
TV = {}                # per-date TVDI summaries
KEEP_TVDI_MEDIAN = {'2019-07-28'}
AREAS = None


def pass_dates():
    """One pass over the 23 dates: per-date summaries, histograms, TVDI, the union of valid LST, the NDVI > 0.5 area
    of 2019-08-13. One date in memory at a time."""
    global AREAS
    ever = np.zeros((NR, NC), bool)
    tv_all = {}
    for d in DATES:
        x = Day(d)
        if d == '2019-08-13':
            selfcheck_percentiles(x)
        r = {'lst_valid': int(x.lv.sum()), 'doy': doy(d)}
        ever |= x.lv
        hl = np.bincount(x.ldn[x.lv], minlength=65536).astype(np.int64)
        HL[d] = hl
        if x.lv.any():
            t = x.ldn[x.lv].astype(np.int64)
            s, s2, n = int(t.sum()), int((t * t).sum()), t.size
            mean = s / n / 50.0
            var = (s2 / n - (s / n) ** 2) / 2500.0
            tf = t / 50.0
            assert abs(tf.mean() - mean) < 1e-9 and abs(tf.std() - math.sqrt(var)) < 1e-6
            r.update(lst_sum_dn=s, lst_sum_dn2=s2, lst_mean=mean, lst_std=float(tf.std()),
                     lst_min=float(tf.min()), lst_max=float(tf.max()),
                     lst_below_0C=int((t < ZERO_C_DN).sum()),
                     lst_share_below_0C=100.0 * float((t < ZERO_C_DN).mean()),
                     lst_pct={str(q): hpct(hl, 0, q, 50.0) for q in (10, 25, 50, 75, 90)})
            mode_dn = int(np.argmax(hl[1:]) + 1)
            r['lst_mode_dn'] = [mode_dn, int(hl[mode_dn])]
        hn = np.bincount(x.ndn[x.nloose] + 32768, minlength=65536).astype(np.int64)
        HN[d] = hn
        for g, m in (('01', x.n01), ('loose', x.nloose)):
            v = x.ndn[m] / 10000.0
            h = hn.copy()
            if g == '01':
                h[:32768] = 0
                h[32768 + 10001:] = 0
            r[f'ndvi_{g}'] = {'n': int(m.sum()), 'mean': float(v.mean()), 'std': float(v.std()),
                              'min': float(v.min()), 'max': float(v.max()),
                              'pct': {str(q): hpct(h, -32768, q, 10000.0) for q in (10, 25, 50, 75, 90)}}
        r['ndvi_gt05'] = int((x.ndn > 5000).sum())
        r['ndvi_eq05'] = int((x.ndn == 5000).sum())
        if d == '2019-08-13':
            gt = (x.ndn > 5000)
            ge = (x.ndn >= 5000)
            rows_gt, rows_ge = gt.sum(axis=1), ge.sum(axis=1)
            ra = row_areas()
            AREAS = {k: {'gt': float((rows_gt * a).sum()), 'ge': float((rows_ge * a).sum())} for k, a in ra.items()}
            AREAS['nominal'] = {'gt': 900.0 * float(gt.sum()), 'ge': 900.0 * float(ge.sum())}
            AREAS['mean_px_m2'] = {k: float(a.mean()) for k, a in ra.items()}
        tv = {}
        for e in ('up', 'down'):
            a = x.tvdi(e)
            if a is not None:
                tv[e] = {'mean': float(a.mean()), 'n': int(a.size), 'std': float(a.std()),
                         'share_gt08': 100.0 * float((a > 0.8).mean())}
                if d in KEEP_TVDI_MEDIAN:
                    tv[e]['median'] = {m: float(np.percentile(a, 50, method=m)) for m in INTERP}
                    tv[e]['at_1'] = int((a >= 1.0).sum())
        if tv:
            r['tvdi'] = tv
            tv_all[d] = tv
        PER[d] = r
        print(f'{d} done [{time.time() - T0:.0f}s]', flush=True)
        del x
    TV.update(tv_all)
    for e in ('up', 'down'):
        m = [TV[d][e]['mean'] for d in DATES if d in TV]
        assert len(m) == 20 and abs(np.mean(m) - 0.68999) < 2e-5, (e, np.mean(m))
    FACTS['tvdi_annual_mean_of_means'] = {e: float(np.mean([TV[d][e]['mean'] for d in DATES if d in TV]))
                                          for e in ('up', 'down')}
    empty = [d for d in DATES if PER[d]['lst_valid'] == 0]
    assert empty == ['2019-02-02', '2019-09-30', '2019-12-19'], empty
    FACTS['lst_valid_on_any_date'] = int(ever.sum())
    FACTS['pixels_per_image'] = NR * NC


# ================================================================================================ helpers
def lst_dates(dates=None):
    return [d for d in (dates or DATES) if PER[d]['lst_valid'] > 0]


def in_months(months):
    return [d for d in DATES if int(d[5:7]) in months]


def lmean(d):
    return PER[d]['lst_mean']


def lpct(d, q):
    return PER[d]['lst_pct'][str(q)]


def npct(d, q, g):
    return PER[d][f'ndvi_{g}']['pct'][str(q)]


def nmean(d, g):
    return PER[d][f'ndvi_{g}']['mean']


def pooled_lst(dates):
    s = sum(PER[d]['lst_sum_dn'] for d in dates)
    s2 = sum(PER[d]['lst_sum_dn2'] for d in dates)
    n = sum(PER[d]['lst_valid'] for d in dates)
    mean = s / n / 50.0
    std = math.sqrt(s2 / n - (s / n) ** 2) / 50.0
    h = sum(HL[d] for d in dates)
    h[0] = 0
    return {'n': n, 'mean': mean, 'std': std, 'median': hpct(h, 0, 50, 50.0)}


def lsq(x, y):
    return float(np.polyfit(np.asarray(x, float), np.asarray(y, float), 1)[0])


def sens_slope(y, x=None):
    x = np.arange(1, len(y) + 1) if x is None else np.asarray(x, float)
    s = [(y[j] - y[i]) / (x[j] - x[i]) for i in range(len(y)) for j in range(i + 1, len(y))]
    return float(np.median(s))


def mann_kendall(y):
    """S, tie-corrected variance, continuity-corrected Z (benchmark README) and Z without the correction."""
    n = len(y)
    s = sum(int(np.sign(y[j] - y[i])) for i in range(n) for j in range(i + 1, n))
    _, counts = np.unique(np.asarray(y), return_counts=True)
    var = (n * (n - 1) * (2 * n + 5) - sum(c * (c - 1) * (2 * c + 5) for c in counts if c > 1)) / 18.0
    z = (s - 1) / math.sqrt(var) if s > 0 else (s + 1) / math.sqrt(var) if s < 0 else 0.0
    pos = sum(1 for i in range(n) for j in range(i + 1, n) if y[j] > y[i])
    return {'S': s, 'var': var, 'Z': z, 'Z_uncorrected': s / math.sqrt(var), 'n_increasing_pairs': pos,
            'p_two_sided': math.erfc(abs(z) / math.sqrt(2))}


def ndvi_span(fn):
    return {g: fn(g) for g in ('01', 'loose')}


# ============================================================================================== statistics
def statistics():
    d = '2019-08-13'
    m = lmean(d)
    put('st1', {'mean': k2c(m)}, '°C', TK,
        f'mean LST of {d} over its valid pixels, in °C (K - 273.15); {LSTDEF}. "Typical" is stated as the average.',
        {'kelvin': m, 'median_C': k2c(lpct(d, 50)['linear']), 'fahrenheit': k2f(m)})

    d = '2019-07-28'
    r = {f'{g}_{mm}': npct(d, 50, g)[mm] for g in ('01', 'loose') for mm in INTERP}
    put('st2', r, 'NDVI', IDX,
        f'median NDVI of {d}; {NDVIDEF}; both readings (0..1 and every non-nodata value) and the four interpolations '
        'spanned.', {'mean_01': nmean(d, '01'), 'mean_loose': nmean(d, 'loose'), 'p25_01': npct(d, 25, '01')['linear'],
                     'p75_01': npct(d, 75, '01')['linear']})

    d = '2019-06-26'
    s = PER[d]['lst_std']
    n = PER[d]['lst_valid']
    iqr = lpct(d, 75)['linear'] - lpct(d, 25)['linear']
    put('st3', {'population_std': s}, 'K', TK,
        f'population standard deviation (ddof = 0) of the valid LST pixels of {d}; {LSTDEF}. Sample std differs by '
        f'{s * (math.sqrt(n / (n - 1)) - 1):.2g} K (inside the tolerance).',
        {'variance_K2': s * s, 'iqr': iqr, 'range': PER[d]['lst_max'] - PER[d]['lst_min']},
        extra={'sample_std': s * math.sqrt(n / (n - 1))})

    d = '2019-08-29'
    put('st4', {'loose_min': PER[d]['ndvi_loose']['min']}, 'NDVI', IDX,
        f'lowest NDVI value of {d} with negative values kept (the question says so): the minimum over every '
        f'non-nodata pixel; {NDVIDEF}.',
        {'min_01': PER[d]['ndvi_01']['min'], 'max': PER[d]['ndvi_loose']['max'],
         'min_dn': float(round(PER[d]['ndvi_loose']['min'] * 10000)), 'p10_loose': npct(d, 10, 'loose')['linear']})

    d = '2019-08-13'
    rng = PER[d]['lst_max'] - PER[d]['lst_min']
    put('st6', {'range_F': 1.8 * rng}, '°F', TK,
        f'range (max - min) of the valid LST of {d}, as a temperature difference in °F (1.8 x the kelvin range); '
        f'{LSTDEF}.',
        {'range_K': rng, 'range_converted_as_temperature': rng * 1.8 + 32, 'max_F': k2f(PER[d]['lst_max']),
         'max_minus_min_in_F_each_plus32': k2f(PER[d]['lst_max']) - k2f(PER[d]['lst_min']) + 32})

    d = '2019-08-29'
    put('st7', interp_span(lpct(d, 90)), 'K', TK,
        f'90th percentile (top-decile cutoff) of the valid LST of {d} in kelvin; four interpolations spanned; {LSTDEF}.',
        {'p10': lpct(d, 10)['linear'], 'celsius': k2c(lpct(d, 90)['linear']), 'max': PER[d]['lst_max']})

    d = '2019-05-25'
    iq = {mm: lpct(d, 75)[mm] - lpct(d, 25)[mm] for mm in INTERP}
    put('st9', iq, 'K', TK,
        f'interquartile range p75 - p25 of the valid LST of {d} (K; the same number in °C); four interpolations '
        f'(same method at both ends) spanned; {LSTDEF}.',
        {'p75': lpct(d, 75)['linear'], 'p25': lpct(d, 25)['linear'], 'std': PER[d]['lst_std'],
         'range': PER[d]['lst_max'] - PER[d]['lst_min'], 'half_iqr': iq['linear'] / 2})

    d = '2019-04-07'
    put('st11', {'count': PER[d]['lst_valid']}, 'pixels', 0.5,
        f'number of pixels of {d} with a valid LST (DN > 0).',
        {'all_pixels': NR * NC, 'nodata_pixels': NR * NC - PER[d]['lst_valid'], 'ndvi_valid_01': PER[d]['ndvi_01']['n'],
         'ndvi_valid_loose': PER[d]['ndvi_loose']['n']})

    d = '2019-06-10'
    cv = {g: 100 * PER[d][f'ndvi_{g}']['std'] / PER[d][f'ndvi_{g}']['mean'] for g in ('01', 'loose')}
    put('st12', {'cv_01_pct': cv['01']}, '%', PCT,
        f'coefficient of variation (population std / mean) of the NDVI of {d} with only 0 <= NDVI <= 1 kept (stated), '
        f'as a percent; {NDVIDEF}.',
        {'fraction': cv['01'] / 100, 'loose_reading': cv['loose'], 'std': PER[d]['ndvi_01']['std'],
         'mean_over_std_pct': 100 * PER[d]['ndvi_01']['mean'] / PER[d]['ndvi_01']['std']},
        note=f'keeping negatives would give {cv["loose"]:.4f} %.')

    tot = sum(PER[d]['lst_valid'] for d in DATES)
    put('st13', {'sum': tot}, 'pixels', 0.5,
        'sum over the 23 LST files of 2019 of their valid-pixel counts (pixel-date observations; the three empty dates '
        'add 0).',
        {'mean_per_lst_date': tot / 20, 'mean_per_file': tot / 23, 'pixels_valid_on_any_date': FACTS['lst_valid_on_any_date'],
         'all_pixels_x23': NR * NC * 23, 'all_pixels_x20': NR * NC * 20})


# ============================================================================================== answer form
def answer_form():
    d = '2019-12-03'
    n, k = PER[d]['lst_valid'], PER[d]['lst_below_0C']
    put('af1', {'fraction': k / n}, 'fraction', IDX,
        f'fraction (0-1) of the valid LST pixels of {d} below 0 °C (273.15 K = DN 13657.5, no pixel on it); {LSTDEF}.',
        {'percent': 100 * k / n, 'fraction_of_all_pixels': k / (NR * NC), 'fraction_above': 1 - k / n,
         'count_millions': k / 1e6})

    d = '2019-08-13'
    g = PER[d]['ndvi_gt05']
    put('af2', {'den_01': 100 * g / PER[d]['ndvi_01']['n'], 'den_loose': 100 * g / PER[d]['ndvi_loose']['n']}, '%', PCT,
        f'percent of the pixels of {d} with an NDVI value whose NDVI is above 0.5 (DN > 5000; '
        f'{PER[d]["ndvi_eq05"]} px lie on 0.5 and are not counted, stated "strictly"); denominators 0..1 and every '
        f'non-nodata value spanned; {NDVIDEF}.',
        {'fraction': g / PER[d]['ndvi_01']['n'], 'inclusive_0.5': 100 * (g + PER[d]['ndvi_eq05']) / PER[d]['ndvi_01']['n']})

    ha = {k: AREAS[k]['gt'] / 1e4 for k in ('sphere', 'ellipsoid')}
    put('af3', ha, 'ha', None,
        f'true ground area of the pixels of {d} with NDVI strictly above 0.5, in hectares: per-row pixel area from the '
        'EPSG:3857 edges (sphere R = 6378137 m and WGS84 ellipsoid spanned), tolerance 0.5 % relative.',
        {'nominal_900m2_ha': AREAS['nominal']['gt'] / 1e4, 'km2_number': ha['sphere'] / 100,
         'm2_number': ha['sphere'] * 1e4},
        rel=0.005, note=f'mean true pixel area {AREAS["mean_px_m2"]["sphere"]:.2f} m2 (nominal 900 m2); the '
        f'{PER[d]["ndvi_eq05"]} px on 0.5 would add {AREAS["sphere"]["ge"] / 1e4 - ha["sphere"]:.0f} ha, inside the '
        'tolerance, so no strictness is stated.')

    d = '2019-05-25'
    n = PER[d]['lst_valid']
    put('af4', {'millions': n / 1e6}, 'million pixels', 0.005,
        f'number of valid LST pixels of {d} in millions, to 2 decimals (tolerance 0.005 million: 6.67 passes).',
        {'raw_count': n, 'ndvi_valid_01_millions': PER[d]['ndvi_01']['n'] / 1e6,
         'all_pixels_millions': NR * NC / 1e6, 'thousands': n / 1e3})

    d = '2019-11-01'
    p = lpct(d, 75)
    put('af5', interp_span(p), 'K', 0.5,
        f'upper quartile (p75) of the valid LST of {d}, asked to the nearest whole kelvin: tolerance 0.5 K around the '
        f'exact value (the rounded {round(p["linear"])} passes); four interpolations spanned; {LSTDEF}.',
        {'p25': lpct(d, 25)['linear'], 'median': lpct(d, 50)['linear'], 'mean': lmean(d), 'p90': lpct(d, 90)['linear'],
         'celsius': k2c(p['linear'])})

    d = '2019-09-14'
    p = {mm: k2c(v) for mm, v in lpct(d, 10).items()}
    put('af6', p, '°C', 0.05,
        f'10th percentile of the valid LST of {d} in °C, asked to 1 decimal: tolerance 0.05 °C around the exact value; '
        f'four interpolations spanned; {LSTDEF}.',
        {'kelvin': lpct(d, 10)['linear'], 'p90_C': k2c(lpct(d, 90)['linear']), 'mean_C': k2c(lmean(d)),
         'fahrenheit': k2f(lpct(d, 10)['linear']), 'p25_C': k2c(lpct(d, 25)['linear'])})


# ======================================================================================== order of statistics
def order():
    ms = lst_dates(in_months({5, 6, 7, 8, 9}))
    assert len(ms) == 9, ms
    means = [lmean(d) for d in ms]
    meds = {mm: [lpct(d, 50)[mm] for d in ms] for mm in INTERP}
    pool = pooled_lst(ms)
    FACTS['may_sep_dates'] = ms
    put('o1', {mm: float(np.percentile(means, 50, method=mm)) for mm in INTERP}, 'K', TK,
        'median of the 9 per-date mean LSTs of May-September 2019 (2019-09-30 has no LST; 9 values, so every '
        f'interpolation gives the middle one); {LSTDEF}.',
        {'mean_of_medians': float(np.mean(meds['linear'])), 'mean_of_means': float(np.mean(means)),
         'pooled_median': pool['median']['linear'], 'median_of_medians': float(np.median(meds['linear'])),
         'pooled_mean': pool['mean']})
    put('o2', {mm: float(np.mean(meds[mm])) for mm in INTERP}, 'K', TK,
        'mean of the 9 per-date median LSTs of May-September 2019 (each median over that date\'s valid pixels; '
        f'interpolations spanned); {LSTDEF}.',
        {'median_of_means': float(np.median(means)), 'mean_of_means': float(np.mean(means)),
         'pooled_median': pool['median']['linear'], 'median_of_medians': float(np.median(meds['linear']))})

    ds = lst_dates()
    mx = {d: PER[d]['lst_max'] for d in ds}
    put('o4', {'max_pixel': max(mx.values())}, 'K', TK,
        f'highest single LST pixel over all 2019 files (the maximum of the per-date maxima); {LSTDEF}.',
        {'max_of_per_date_means': max(lmean(d) for d in ds), 'mean_of_per_date_maxima': float(np.mean(list(mx.values()))),
         'max_of_per_date_p90': max(lpct(d, 90)['linear'] for d in ds), 'celsius': k2c(max(mx.values()))},
        extra={'per_date_max': mx})

    q1 = lst_dates(in_months({1, 2, 3}))
    assert q1 == ['2019-01-01', '2019-01-17', '2019-02-18', '2019-03-06', '2019-03-22']
    pq = pooled_lst(q1)
    put('o5', {'pooled_mean': pq['mean']}, 'K', TK,
        'pooled mean LST of January-March 2019: one mean over every valid pixel of the five Q1 dates with LST '
        f'(2019-02-02 has none; {pq["n"]} pixel-dates); {LSTDEF}.',
        {'mean_of_means': float(np.mean([lmean(d) for d in q1])), 'pooled_median': pq['median']['linear'],
         'mean_of_monthly_means': float(np.mean([np.mean([lmean(d) for d in q1 if d[5:7] == mo]) for mo in ('01', '02', '03')]))})

    means = [lmean(d) for d in ds]
    pa = pooled_lst(ds)
    put('o6', {'population_std_of_means': float(np.std(means))}, 'K', TK,
        f'population standard deviation (ddof = 0) of the 20 per-date mean LSTs of 2019 (the three empty dates left '
        f'out); {LSTDEF}.',
        {'sample_std_of_means': float(np.std(means, ddof=1)), 'pooled_pixel_std': pa['std'],
         'mean_of_per_date_std': float(np.mean([PER[d]['lst_std'] for d in ds])),
         'range_of_means': max(means) - min(means)})
    put('o7', {'pooled_std': pa['std']}, 'K', TK,
        f'population standard deviation of every valid LST pixel of the 20 dates of 2019 pooled together '
        f'({pa["n"]} pixel-dates; from integer DN sums); {LSTDEF}.',
        {'std_of_per_date_means': float(np.std(means)), 'mean_of_per_date_std': float(np.mean([PER[d]['lst_std'] for d in ds])),
         'sample_std_of_means': float(np.std(means, ddof=1))},
        extra={'pooled_mean': pa['mean']})


# ============================================================================================== comparisons
def comparisons():
    a, b = '2019-06-10', '2019-05-25'
    v = lmean(a) - lmean(b)
    put('c1', {'diff': v}, 'K', TK, f'mean LST of {a} minus mean LST of {b} (negative: June is cooler); {LSTDEF}.',
        {'sign_swapped': -v, 'median_diff': lpct(a, 50)['linear'] - lpct(b, 50)['linear'],
         'ratio': lmean(a) / lmean(b)})

    a, b = '2019-08-13', '2019-07-28'
    v = lmean(a) - lmean(b)
    put('c2', {'diff': v}, 'K', TK, f'how many kelvin warmer {a} is than {b}: mean minus mean (positive); {LSTDEF}.',
        {'sign_swapped': -v, 'median_diff': lpct(a, 50)['linear'] - lpct(b, 50)['linear'],
         'percent_change': 100 * v / lmean(b), 'fahrenheit_diff': 1.8 * v})

    a, b = '2019-07-12', '2019-06-26'
    v = lmean(a) - lmean(b)
    put('c3', {'diff_F': 1.8 * v}, '°F', TK,
        f'how many °F warmer the mean LST of {a} is than that of {b}: a temperature difference, 1.8 x the kelvin '
        f'difference; {LSTDEF}.',
        {'kelvin_diff': v, 'converted_as_temperature': v * 1.8 + 32, 'sign_swapped': -1.8 * v,
         'mean_a_in_F': k2f(lmean(a))})

    a, b = '2019-08-29', '2019-06-10'
    dd = {mm: abs(npct(a, 50, '01')[mm] - npct(b, 50, '01')[mm]) for mm in INTERP}
    put('c4', dd, 'NDVI', IDX,
        f'absolute difference of the median NDVI of {a} and {b}, 0 <= NDVI <= 1 only (stated); interpolations spanned; '
        f'{NDVIDEF}.',
        {'signed': npct(a, 50, '01')['linear'] - npct(b, 50, '01')['linear'],
         'loose_reading': abs(npct(a, 50, 'loose')['linear'] - npct(b, 50, 'loose')['linear']),
         'mean_diff': abs(nmean(a, '01') - nmean(b, '01'))},
        note=f'keeping negatives: {abs(npct(a, 50, "loose")["linear"] - npct(b, 50, "loose")["linear"]):.5f}.')

    a, b = '2019-06-10', '2019-04-07'
    v = nmean(a, '01') / nmean(b, '01')
    put('c5', {'ratio': v}, 'ratio', IDX,
        f'factor: mean NDVI of {a} divided by mean NDVI of {b}, 0 <= NDVI <= 1 only (stated); {NDVIDEF}.',
        {'inverse': 1 / v, 'percent_change': 100 * (v - 1), 'loose_reading': nmean(a, 'loose') / nmean(b, 'loose'),
         'difference': nmean(a, '01') - nmean(b, '01'), 'excess_factor': v - 1})

    a, b = '2019-03-22', '2019-05-25'
    v = 100 * (nmean(b, '01') - nmean(a, '01')) / nmean(a, '01')
    put('c6', {'pct': v}, '%', 0.01,
        f'percent change of the mean NDVI from {a} to {b}, relative to {a} (stated), 0 <= NDVI <= 1 only (stated); '
        f'{NDVIDEF}.',
        {'relative_to_later': 100 * (nmean(b, '01') - nmean(a, '01')) / nmean(b, '01'), 'ratio': nmean(b, '01') / nmean(a, '01'),
         'loose_reading': 100 * (nmean(b, 'loose') - nmean(a, 'loose')) / nmean(a, 'loose'), 'sign_swapped': -v,
         'ratio_pct': 100 * nmean(b, '01') / nmean(a, '01')},
        note=f'keeping negatives: {100 * (nmean(b, "loose") - nmean(a, "loose")) / nmean(a, "loose"):.3f} %.')

    a, b = '2019-01-17', '2019-03-06'
    sa, sb = PER[a]['lst_share_below_0C'], PER[b]['lst_share_below_0C']
    put('c7', {'points': sa - sb}, 'percentage points', PCT,
        f'fall of the share of valid LST pixels below 0 °C from {a} to {b}, in percentage points (positive, as '
        f'asked "by how many points did it fall"); each share over that date\'s valid LST; {LSTDEF}.',
        {'relative_change_pct': 100 * (sb - sa) / sa, 'relative_fall_pct': 100 * (sa - sb) / sa,
         'signed_change': sb - sa, 'ratio': sb / sa,
         'count_based_share_of_all_pixels': 100 * (PER[a]['lst_below_0C'] - PER[b]['lst_below_0C']) / (NR * NC)})


# ================================================================================================== series
def series():
    ds = lst_dates([d for d in DATES if d <= '2019-08-13'])
    assert len(ds) == 14, ds
    y = [lmean(d) for d in ds]
    r = {'doy_over_365': lsq([doy(d) / 365 for d in ds], y), 'doy_minus1_over_365': lsq([(doy(d) - 1) / 365 for d in ds], y),
         'doy_over_36525': lsq([doy(d) / 365.25 for d in ds], y)}
    perday = lsq([doy(d) for d in ds], y)
    put('t1', r, 'K/year', TK,
        'least-squares slope of the per-date mean LST against time in decimal years (day of year / 365, origin and '
        '365 vs 365.25 days spanned), 2019-01-01 to 2019-08-13 (14 dates with LST; 2019-02-02 left out); '
        f'{LSTDEF}.',
        {'per_day': perday, 'per_month_30d': perday * 30, 'per_month_12th': r['doy_over_365'] / 12,
         'per_acquisition_index': lsq(list(range(len(y))), y), 'per_16_days': perday * 16},
        extra={'dates': ds})

    mo = {m: [lmean(d) for d in lst_dates(in_months({m}))] for m in (7, 8, 9, 10, 11)}
    mm = {m: float(np.mean(v)) for m, v in mo.items()}
    slope_m = lsq(list(mm), list(mm.values()))
    ds2 = lst_dates([d for d in DATES if '2019-07-01' <= d <= '2019-11-30'])
    pd2 = lsq([doy(d) for d in ds2], [lmean(d) for d in ds2])
    put('t2', {'per_month': slope_m}, 'K/month', TK,
        'least-squares slope of the monthly mean LST (each month = mean of its per-date means; September = '
        '2019-09-14 only, 2019-09-30 has no LST) against the month number, July-November 2019, in K per month; '
        f'{LSTDEF}.',
        {'per_acquisition_x30.44': pd2 * 30.44, 'per_acquisition_x30': pd2 * 30, 'per_year': slope_m * 12,
         'pooled_monthly_means_slope': lsq(list(mm), [pooled_lst(lst_dates(in_months({m})))['mean'] for m in mm])},
        extra={'monthly_means': {str(k): v for k, v in mm.items()}})

    ds3 = lst_dates([d for d in DATES if '2019-08-13' <= d <= '2019-12-03'])
    assert len(ds3) == 7, ds3
    y3 = [lmean(d) for d in ds3]
    s3 = lsq([doy(d) for d in ds3], y3)
    put('t3', {'per_day': s3}, 'K/day', 0.0005,
        'least-squares slope of the per-date mean LST against the day of the year (K per day), 2019-08-13 to '
        f'2019-12-03 (7 dates with LST; 2019-09-30 left out); {LSTDEF}. Tolerance 0.0005 K/day (0.1 %-ish relative).',
        {'per_acquisition_index': lsq(list(range(len(y3))), y3), 'per_16_days': s3 * 16, 'per_year': s3 * 365,
         'per_week': s3 * 7, 'first_to_last_over_days': (y3[-1] - y3[0]) / (doy(ds3[-1]) - doy(ds3[0]))},
        extra={'dates': ds3})

    ds4 = [d for d in DATES if '2019-03-06' <= d <= '2019-09-14']
    assert len(ds4) == 13 and all(PER[d]['lst_valid'] > 0 for d in ds4)
    y4 = [lmean(d) for d in ds4]
    sen = sens_slope(y4)
    put('t4', {'sen_per_acquisition': sen}, 'K/acquisition', TK,
        "Sen's slope (median of all pairwise slopes) of the per-date mean LST, 2019-03-06 to 2019-09-14 (13 "
        'consecutive 16-day acquisitions, all with LST), time = acquisition number 1..13 (stated; the benchmark '
        f'convention), K per acquisition; {LSTDEF}.',
        {'per_day': sen / 16, 'least_squares_per_acquisition': lsq(list(range(13)), y4),
         'sen_per_year': sen * 365 / 16, 'mean_of_pairwise_slopes': float(np.mean(
             [(y4[j] - y4[i]) / (j - i) for i in range(13) for j in range(i + 1, 13)]))},
        extra={'dates': ds4})
    mk = mann_kendall(y4)
    FACTS['mann_kendall_mar_sep'] = mk
    put('t6', {'Z': mk['Z']}, 'z', TK,
        'Mann-Kendall Z of the same 13 per-date mean LSTs (2019-03-06 to 2019-09-14): S, tie-corrected variance '
        f'(no ties), continuity-corrected Z = (S - 1) / sqrt(var) (the benchmark convention); S = {mk["S"]}, '
        f'var = {mk["var"]:.3f}, two-sided p = {mk["p_two_sided"]:.2e}; {LSTDEF}.',
        {'Z_uncorrected': mk['Z_uncorrected'], 'S': mk['S'], 'increasing_pairs': mk['n_increasing_pairs'],
         'p_value': mk['p_two_sided'], 'tau': mk['S'] / (13 * 12 / 2)})

    nov = lst_dates(in_months({11}))
    assert nov == ['2019-11-01', '2019-11-17']
    put('t7', {'mean_of_means': float(np.mean([lmean(d) for d in nov]))}, 'K', TK,
        f'monthly mean LST of November 2019 = mean of the two per-date means ({", ".join(nov)}); {LSTDEF}.',
        {'pooled': pooled_lst(nov)['mean'], 'first_date_only': lmean(nov[0]), 'celsius': k2c(np.mean([lmean(d) for d in nov])),
         'median_of_pooled': pooled_lst(nov)['median']['linear']})


# ========================================================================================== dates and counts
def dates_counts():
    ds = lst_dates()
    rank = sorted(ds, key=lambda d: -lmean(d))
    rank_med = sorted(ds, key=lambda d: -lpct(d, 50)['linear'])
    mis = {'warmest': rank[0], 'third': rank[2]}
    if rank_med[1] != rank[1]:
        mis['second_by_median'] = rank_med[1]
    put_date('dx1', rank[1], 'the acquisition with the second-highest per-date mean LST of 2019 (dates with no valid '
             'LST left out)', [[d, lmean(d)] for d in rank[:4]], mis,
             note=f'margins: 1st {lmean(rank[0]):.3f} K, 2nd {lmean(rank[1]):.3f} K, 3rd {lmean(rank[2]):.3f} K; by '
             f'median the order is {", ".join(rank_med[:3])}')

    rk = sorted(ds, key=lambda d: -PER[d]['lst_max'])
    put_date('dx2', rk[0], 'the acquisition holding the single hottest LST pixel of 2019 (the date of the maximum of '
             'the per-date maxima)', [[d, PER[d]['lst_max']] for d in rk[:3]],
             {'date_of_highest_mean': rank[0]})

    rl = sorted(ds, key=lambda d: lmean(d))
    rmed = sorted(ds, key=lambda d: lpct(d, 50)['linear'])
    rmin = sorted(ds, key=lambda d: PER[d]['lst_min'])
    mis = {'runner_up': rl[1], 'date_of_coldest_pixel': rmin[0], 'date_of_highest_mean': rank[0]}
    if rmed[0] != rl[0]:
        mis['lowest_median'] = rmed[0]
    put_date('dx4', rl[0], 'the acquisition with the lowest per-date mean LST of 2019 (dates with no valid LST left '
             'out)', [[d, lmean(d), PER[d]['lst_valid']] for d in rl[:3]], mis,
             note=f'{rl[0]} has only {PER[rl[0]]["lst_valid"]} valid LST pixels ({100 * PER[rl[0]]["lst_valid"] / (NR * NC):.1f} %); '
             f'the lowest median is on {rmed[0]}, the coldest pixel on {rmin[0]} ({PER[rmin[0]]["lst_min"]:.2f} K).')

    cnt = [d for d in ds if PER[d]['lst_mean'] > 300]
    near = sorted(ds, key=lambda d: abs(lmean(d) - 300))[:2]
    put('n1', {'dates': len(cnt)}, 'dates', 0.5,
        f'number of 2019 acquisitions whose mean LST is above 300 K ({", ".join(cnt)}); nearest to the line '
        f'{", ".join(f"{d} {lmean(d):.2f} K" for d in near)}; {LSTDEF}.',
        {'median_above_300': sum(1 for d in ds if lpct(d, 50)['linear'] > 300),
         'p90_above_300': sum(1 for d in ds if lpct(d, 90)['linear'] > 300),
         'share_of_dates_pct': 100 * len(cnt) / len(ds)},
        extra={'dates': cnt})


# ================================================================================================== TVDI
def tvdi_refs():
    d = '2019-07-28'
    r = {f'{e}_{mm}': TV[d][e]['median'][mm] for e in ('up', 'down') for mm in INTERP}
    put('d1', r, 'TVDI', 5e-4,
        f'median TVDI of {d} (benchmark TVDI: valid LST and 0 <= NDVI <= 1, 100 bins, clipped to [0, 1]); both '
        'bin-edge assignments and four interpolations spanned.',
        {'mean': TV[d]['up']['mean'], 'std': TV[d]['up']['std'], 'share_gt08_fraction': TV[d]['up']['share_gt08'] / 100},
        extra={'pixels_at_1': TV[d]['up']['at_1'], 'n': TV[d]['up']['n']})

    js = [d for d in in_months({6, 7, 8}) if d in TV]
    assert len(js) == 6
    r = {e: float(np.mean([TV[d][e]['mean'] for d in js])) for e in ('up', 'down')}
    pooled = {e: sum(TV[d][e]['mean'] * TV[d][e]['n'] for d in js) / sum(TV[d][e]['n'] for d in js) for e in ('up', 'down')}
    put('d2', r, 'TVDI', 5e-4,
        f'mean TVDI of June-August 2019 = mean of the six per-date mean TVDIs ({", ".join(js)}); both bin-edge '
        'assignments spanned.',
        {'pooled': pooled['up'], 'annual_mean_of_means': FACTS['tvdi_annual_mean_of_means']['up'],
         'median_of_means': float(np.median([TV[d]['up']['mean'] for d in js]))})


# ================================================================================================== Landsat
def landsat():
    c = CLEAR & has('B10')
    assert int(c.sum()) == 33069
    b = BT10[c]
    allb = BT10[has('B10')]
    put('L1', {'mean_F': k2f(float(b.mean()))}, '°F', TK,
        'mean band 10 brightness temperature (MTL radiance rescaling and K1/K2) of the cloud-free pixels (BQA bit 0 '
        'and bit 4 both 0, B10 > 0; 33069 px) of the 2017-08-13 Landsat scene, in °F.',
        {'celsius': k2c(float(b.mean())), 'kelvin': float(b.mean()), 'clouds_kept_F': k2f(float(allb.mean())),
         'median_F': k2f(float(np.median(b)))})
    s = float(b.std())
    put('L2', {'std_F': 1.8 * s}, '°F', TK,
        'population standard deviation of the band 10 brightness temperature of the cloud-free pixels, as a '
        'temperature spread in °F (1.8 x the kelvin std).',
        {'kelvin_std': s, 'converted_as_temperature': 1.8 * s + 32, 'clouds_kept_F': 1.8 * float(allb.std())})
    nf = ~FILL
    cl = CLOUD & ~FILL
    put('L3', {'fraction': float(cl.sum() / nf.sum())}, 'fraction', IDX,
        'fraction (0-1) of the non-fill pixels (BQA bit 0 = 0; 45099 px) that carry the cloud bit (bit 4) in the '
        '2017-08-13 BQA.',
        {'percent': float(100 * cl.sum() / nf.sum()), 'of_all_pixels': float(cl.sum() / (LH * LW)),
         'clear_fraction': float(1 - cl.sum() / nf.sum()), 'cloud_to_clear_ratio': float(cl.sum() / (nf & ~CLOUD).sum())})
    D4, D5 = LB['B4'], LB['B5']
    key = D5 - 3 * D4 + 10000  # TOA NDVI > 0.5 <=> D5 - 3 D4 + 10000 > 0 (TOA = 2e-5 DN - 0.1; D4 + D5 > 10000)
    m = CLEAR & has('B4', 'B5')
    assert int(m.sum()) == 33069 and (D4[m] + D5[m] > 10000).all()
    gt = m & (key > 0)
    on = int((m & (key == 0)).sum())
    assert int((m & (TOA_NDVI > 0.5)).sum()) == int(gt.sum())
    FACTS['landsat_clear_toa_ndvi_on_05'] = on
    put('L5', {'km2': 0.81 * int(gt.sum())}, 'km2', 0.405,
        'area of the cloud-free pixels (BQA bits 0 and 4 both 0) of the 2017-08-13 scene with TOA-reflectance NDVI '
        f'strictly above 0.5 (no sun-elevation correction; {on} px lie exactly on 0.5), at 0.81 km2 per 900 m pixel; '
        'tolerance half a pixel (0.405 km2), so a whole-km2 answer passes.',
        {'pixels': int(gt.sum()), 'hectares': 81.0 * int(gt.sum()), 'clouds_kept_km2': 0.81 * int(((key > 0) & has('B4', 'B5')).sum()),
         'raw_dn_km2': 0.81 * int((CLEAR & has('B4', 'B5') & (RAW_NDVI > 0.5)).sum()),
         'nominal_30m_km2': 0.0009 * int(gt.sum())})


# ================================================================================================ compound
def compound():
    a, b = '2019-08-13', '2019-07-12'
    dm = {mm: lpct(a, 50)[mm] - lpct(b, 50)[mm] for mm in INTERP}
    put('y1', dm, 'K', TK,
        f'"is the median LST of {a} higher than that of {b}, and by how many kelvin": the value asked is the '
        f'difference of the medians ({a} minus {b}, positive: yes); interpolations spanned; {LSTDEF}.',
        {'mean_diff': lmean(a) - lmean(b), 'sign_swapped': -dm['linear'], 'median_a': lpct(a, 50)['linear']})
    d = '2019-04-23'
    put('y2', {'mean_01': nmean(d, '01')}, 'NDVI', IDX,
        f'"was the mean NDVI of {d} below 0.25 - give the mean": the value asked is the mean NDVI with only '
        f'0 <= NDVI <= 1 kept (stated; yes, it is below 0.25); {NDVIDEF}.',
        {'loose_reading': nmean(d, 'loose'), 'median_01': npct(d, 50, '01')['linear']})


# ================================================================================================ refusals
def refusals():
    ds = lst_dates()
    over = [d for d in ds if lmean(d) > 310]
    put_refuse('rf1', 'asks a yes/no judgement (whether any 2019 date had a mean LST above 310 K), not a value',
               'The app answers with values; a bare yes/no has no number to judge. The facts: one date, '
               f'{over[0]} ({lmean(over[0]):.2f} K); 2019-08-29 is at {lmean("2019-08-29"):.2f} K.',
               facts={'dates_above_310': over})
    put_refuse('rf2', 'asks a yes/no comparison of two medians, not a value',
               'A bare "is A greater than B" has no number to judge; the question asks no difference. The facts: '
               f'median NDVI 2019-07-12 {npct("2019-07-12", 50, "01")["linear"]:.4f} vs 2019-08-13 '
               f'{npct("2019-08-13", 50, "01")["linear"]:.4f} (0..1 reading).',
               facts={'median_0712': npct('2019-07-12', 50, '01'), 'median_0813': npct('2019-08-13', 50, '01')})
    d = '2019-06-10'
    put_refuse('rf3', 'two values asked in one question (the mean and the maximum); the judge takes one value',
               'harness.ts judges one expected number per question (any number of the answer within one tolerance); '
               f'two asks have no single reference. The facts: mean {lmean(d):.3f} K, max {PER[d]["lst_max"]:.2f} K.',
               facts={'mean': lmean(d), 'max': PER[d]['lst_max']})
    d = '2019-07-28'
    h = HL[d].copy()
    h[0] = 0
    top = np.argsort(h)[::-1][:3]
    put_refuse('rf4', 'the mode of a continuous variable (LST) is not defined without a bin width',
               'LST is continuous; the most frequent stored value is an artefact of the 0.02 K quantisation and the '
               'resampling (the DNs come in runs of ~1800 equal pixels), and a histogram mode depends on a bin width '
               'the question does not give.',
               facts={'top_dns': [[int(k), int(h[k]), k / 50.0] for k in top]})
    put_refuse('rf5', '"the average trend" names no defined statistic (slope of the mean series, mean of per-pixel '
               'slopes, mean change between acquisitions, Sen\'s slope ...) and no time unit',
               'Each reading gives a different number; the question names none.')
    may = [d for d in in_months({5})]
    sep = [d for d in in_months({9})]
    mm = float(np.mean([nmean(d, '01') for d in may]))
    sm = float(np.mean([nmean(d, '01') for d in sep]))
    put_refuse('rf6', 'a "percentage difference" between May and September with no base named (May, September or '
               'their mean)', 'The three bases give different numbers: '
               f'{100 * (mm - sm) / sm:.2f} % (of September), {100 * (mm - sm) / mm:.2f} % (of May), '
               f'{100 * (mm - sm) / ((mm + sm) / 2):.2f} % (of the mean).',
               facts={'may_mean': mm, 'sep_mean': sm})
    assert '2019-08-21' not in DATES
    put_refuse('rf7', 'no acquisition on 2019-08-21 (the nearest are 2019-08-13 and 2019-08-29)',
               'The series is 16-daily; no interpolation was asked.')
    put_refuse('rf8', 'no file holds 2 m air temperature (the q46 files hold land surface temperature and NDVI)',
               'LST is the skin temperature of the surface, not the air temperature a weather station measures.')


def main():
    global GT
    ds = gdal.Open(os.path.join(Q46, f'Xinjiang_{DATES[0]}_LST.tif'))
    GT = ds.GetGeoTransform()
    del ds
    assert GT[1] == 30 and GT[5] == -30 and GT[2] == 0 and GT[4] == 0
    selfcheck_landsat()
    pass_dates()
    statistics()
    answer_form()
    order()
    comparisons()
    series()
    dates_counts()
    tvdi_refs()
    landsat()
    compound()
    refusals()
    per = {}
    for d, r in PER.items():
        per[d] = {k: v for k, v in r.items() if k not in ('lst_sum_dn', 'lst_sum_dn2')}
    out = dict(sorted(REFS.items()))
    out['_facts'] = FACTS
    out['_per_date'] = per
    out['_meta'] = {'gdal': gdal.__version__, 'numpy': np.__version__, 'seconds': round(time.time() - T0, 1)}
    with open(OUT, 'w') as f:
        json.dump(out, f, indent=1, default=float)
    print(f'wrote {OUT} ({len(REFS)} references) in {time.time() - T0:.0f}s')


if __name__ == '__main__':
    sys.exit(main())
