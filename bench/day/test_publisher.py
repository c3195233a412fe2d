"""The pure parts of publisher.py: ladders, intervals, paths and index lines.

  /var/tmp/spotcast/eccodes/bin/python -m unittest bench/day/test_publisher.py
"""
import datetime as dt
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import publisher as p  # noqa: E402

RUN = dt.datetime(2026, 11, 28, 0)


def field(publisher, name, level="sfc"):
    fields = p.PUBLISHERS[publisher].fields
    return next(f for f in fields if f.name == name and f.level == level)


class LadderTest(unittest.TestCase):
    def test_the_publishers_ladders(self):
        gfs = p.parse_ladder(p.GFS_LADDER)
        self.assertEqual(209, len(gfs))
        self.assertEqual([0, 1, 2], gfs[:3])
        self.assertEqual([119, 120, 123, 126], gfs[119:123])
        self.assertEqual(384, gfs[-1])
        long = p.parse_ladder(p.ECMWF_LADDER_LONG)
        self.assertEqual(85, len(long))
        self.assertEqual([141, 144, 150, 156], long[47:51])
        self.assertEqual(360, long[-1])
        self.assertEqual(list(range(0, 145, 3)), p.parse_ladder(p.ECMWF_LADDER_SHORT))

    def test_single_steps_and_spans(self):
        self.assertEqual([0, 1, 2, 3], p.parse_ladder("0-3"))
        self.assertEqual([0, 6, 12, 13], p.parse_ladder("0,6, 12-13"))
        self.assertEqual([0, 4], p.parse_ladder("0-6/4"))

    def test_bad_ladders(self):
        for text in ("", "0-3,", "a-3", "3-0", "0-6/0", "-1", "0-6,3", "0-3,3"):
            with self.assertRaises(ValueError, msg=text):
                p.parse_ladder(text)

    def test_default_ladders_by_run_hour(self):
        self.assertEqual(p.GFS_LADDER, p.default_ladder("gfs", 6))
        self.assertEqual(p.ECMWF_LADDER_LONG, p.default_ladder("ecmwf", 12))
        self.assertEqual(p.ECMWF_LADDER_SHORT, p.default_ladder("ecmwf", 18))


class IntervalTest(unittest.TestCase):
    def test_gfs_restarts_every_six_hours_and_has_none_at_f000(self):
        apcp = field("gfs", "APCP", "surface")
        self.assertEqual("absent", p.interval("gfs", apcp, 0))
        self.assertEqual((0, 1), p.interval("gfs", apcp, 1))
        self.assertEqual((0, 6), p.interval("gfs", apcp, 6))
        self.assertEqual((6, 7), p.interval("gfs", apcp, 7))
        self.assertEqual((120, 123), p.interval("gfs", apcp, 123))
        self.assertEqual((120, 126), p.interval("gfs", apcp, 126))
        self.assertEqual((126, 129), p.interval("gfs", apcp, 129))
        tcdc = field("gfs", "TCDC", "entire atmosphere")
        self.assertEqual((18, 24), p.interval("gfs", tcdc, 24))
        self.assertIsNone(p.interval("gfs", field("gfs", "GUST", "surface"), 0))

    def test_ecmwf_accumulates_from_the_start_and_gusts_since_the_last_post_processing(self):
        tp, gust = field("ecmwf", "tp"), field("ecmwf", "10fg")
        self.assertEqual((0, 0), p.interval("ecmwf", tp, 0))
        self.assertEqual((0, 150), p.interval("ecmwf", tp, 150))
        self.assertEqual("absent", p.interval("ecmwf", gust, 0))
        self.assertEqual((5, 6), p.interval("ecmwf", gust, 6))
        self.assertEqual((89, 90), p.interval("ecmwf", gust, 90))
        self.assertEqual((90, 93), p.interval("ecmwf", gust, 93))
        self.assertEqual((141, 144), p.interval("ecmwf", gust, 144))
        self.assertEqual((144, 150), p.interval("ecmwf", gust, 150))
        self.assertIsNone(p.interval("ecmwf", field("ecmwf", "2t"), 6))


class PathTest(unittest.TestCase):
    def test_gfs(self):
        self.assertEqual("gfs.20261128/00/atmos/gfs.t00z.pgrb2.0p25.f006",
                         p.data_path("gfs", RUN, 6))
        self.assertEqual("gfs.20261128/18/atmos/gfs.t18z.pgrb2.0p25.f384.idx",
                         p.index_path("gfs", RUN.replace(hour=18), 384))

    def test_ecmwf(self):
        self.assertEqual("20261128/00z/ifs/0p25/oper/20261128000000-6h-oper-fc.grib2",
                         p.data_path("ecmwf", RUN, 6))
        self.assertEqual("20261128/12z/ifs/0p25/oper/20261128120000-360h-oper-fc.index",
                         p.index_path("ecmwf", RUN.replace(hour=12), 360))

    def test_ecmwf_short_cutoff_stream_before_50r1(self):
        before = dt.datetime(2026, 5, 11, 6)
        self.assertEqual("scda", p.ecmwf_stream(before))
        self.assertEqual("oper", p.ecmwf_stream(before.replace(hour=12)))
        self.assertEqual("oper", p.ecmwf_stream(dt.datetime(2026, 5, 12, 18)))
        self.assertEqual("scda", p.ecmwf_stream(RUN, "scda"))
        self.assertEqual("20260511/06z/ifs/0p25/scda/20260511060000-0h-scda-fc.grib2",
                         p.data_path("ecmwf", before, 0))

    def test_a_retired_run_leaves_the_others_and_no_empty_day(self):
        with tempfile.TemporaryDirectory() as root:
            for publisher in ("gfs", "ecmwf"):
                for hour in (0, 6):
                    path = os.path.join(root, p.data_path(publisher, RUN.replace(hour=hour), 3))
                    os.makedirs(os.path.dirname(path))
                    open(path, "wb").close()
            p.main(["retire", "--publisher", "gfs", "--root", root, "--run", "2026112800"])
            self.assertFalse(os.path.exists(os.path.join(root, "gfs.20261128/00")))
            self.assertTrue(os.path.exists(os.path.join(root, p.data_path("gfs", RUN.replace(hour=6), 3))))
            self.assertTrue(os.path.exists(os.path.join(root, p.data_path("ecmwf", RUN, 3))))
            p.main(["retire", "--publisher", "gfs", "--root", root, "--run", "2026112806"])
            self.assertFalse(os.path.exists(os.path.join(root, "gfs.20261128")))
            p.main(["retire", "--publisher", "ecmwf", "--root", root, "--run", "2026112800"])
            self.assertEqual(["06z"], os.listdir(os.path.join(root, "20261128")))

    def test_template_names(self):
        self.assertEqual("gfs-TMP-2_m_above_ground.grib2",
                         p.template_name("gfs", field("gfs", "TMP", "2 m above ground")))
        self.assertEqual("ecmwf-t-850.grib2", p.template_name("ecmwf", field("ecmwf", "t", "850")))


class IndexTest(unittest.TestCase):
    def test_wgrib2_forecast_texts(self):
        self.assertEqual("anl", p.gfs_forecast(None, None, 0))
        self.assertEqual("6 hour fcst", p.gfs_forecast(None, None, 6))
        self.assertEqual("0-6 hour acc fcst", p.gfs_forecast((0, 6), "acc", 6))
        self.assertEqual("120-123 hour ave fcst", p.gfs_forecast((120, 123), "avg", 123))

    def test_gfs_line(self):
        line = p.gfs_index_line(6, 9140763, RUN, "APCP", "surface", "0-6 hour acc fcst")
        self.assertEqual("6:9140763:d=2026112800:APCP:surface:0-6 hour acc fcst:\n", line)
        self.assertEqual(7, len(line.strip().split(":")))  # Spotcast's GfsLayout needs >= 6

    def test_ecmwf_lines(self):
        sfc = json.loads(p.ecmwf_index_line(RUN, "oper", 6, "tp", "sfc", 0, 694879))
        self.assertEqual({"domain": "g", "date": "20261128", "time": "0000", "expver": "0001",
                          "class": "od", "type": "fc", "stream": "oper", "step": "6",
                          "levtype": "sfc", "param": "tp", "_offset": 0, "_length": 694879}, sfc)
        line = p.ecmwf_index_line(RUN.replace(hour=18), "scda", 90, "t", "850", 10, 20)
        pl = json.loads(line)
        self.assertEqual(("pl", "850", "1800", "scda"),
                         (pl["levtype"], pl["levelist"], pl["time"], pl["stream"]))
        self.assertTrue(line.endswith("}\n") and line.count("\n") == 1)


class OptionsTest(unittest.TestCase):
    def test_late(self):
        self.assertEqual({6: 30.0, 12: 1.5}, p.parse_late(["6=30", "12=1.5"]))
        self.assertEqual({}, p.parse_late(None))
        for bad in ("6", "x=1", "6=y"):
            with self.assertRaises(ValueError):
                p.parse_late([bad])

    def test_run(self):
        self.assertEqual(RUN, p.parse_run("2026112800"))
        for bad in ("20261128", "2026112803", "2026113100"):
            with self.assertRaises(ValueError):
                p.parse_run(bad)


if __name__ == "__main__":
    unittest.main()
