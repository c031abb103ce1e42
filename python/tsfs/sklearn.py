"""scikit-learn estimators on tsfs's engine.

- :class:`FeatureExtractor`: a transformer from series to a registered extractor's features.
- One selector class per registered selector (``AnovaSelector``, ``LaplacianSelector``, ...;
  :func:`selector` makes one by name): a ``SelectorMixin`` whose estimator parameters are
  ``n_features`` and the selector's own parameters (so ``GridSearchCV`` sweeps ``sigma_ratio``).
- One classifier class per registered classifier of features (``SvcClassifier``, ``KnnClassifier``,
  ...; :func:`classifier`): the runner's classifier, fitted and predicting as a run's evaluation.
- :class:`SeriesFeatureSelector`: extraction and selection in one transformer on series, for the
  selectors that use a distance between the series (the study's Laplacian score on DTW).
- :class:`NearestNeighbourClassifier`: k-NN (1-NN by default) on series under any registered
  distance (DTW and aeon's elastic distances), with the UCR archive's tie rule.

A component parameter left at None takes the registry's default (or the component's preset), as
a spec that does not give it; an optional number's "no value" is the string "none".
"""
import inspect
import keyword

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, TransformerMixin, clone
from sklearn.feature_selection import SelectorMixin
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_array, check_is_fitted, column_or_1d

from . import _tsfs
from .components import components


def _given(estimator, names):
    """The component parameters set (not None), by their registry names."""
    return {registry: getattr(estimator, python) for python, registry in names
            if getattr(estimator, python) is not None}


def _python_name(name):
    """A registry parameter as a Python identifier: a keyword gets a trailing underscore
    (``lambda`` -> ``lambda_``)."""
    return name + "_" if keyword.iskeyword(name) else name


def _series(X):
    """Series as the engine takes them: a list of 1-D arrays of unequal lengths passes through;
    anything else is checked as scikit-learn checks a 2-D array of numbers (NaN allowed: trailing
    NaN pad a shorter series, and the engine refuses any other NaN with its own message)."""
    if isinstance(X, (list, tuple)) and X and all(np.ndim(s) == 1 for s in X):
        if len({len(s) for s in X}) > 1:
            return list(X)
    return check_array(X, dtype="numeric", force_all_finite="allow-nan")


def _check_width(estimator, X):
    width = getattr(estimator, "n_features_in_", None)
    if isinstance(X, np.ndarray) and width is not None and X.shape[1] != width:
        raise ValueError(f"X has {X.shape[1]} features, but {type(estimator).__name__} is "
                         f"expecting {width} features as input")


class FeatureExtractor(TransformerMixin, BaseEstimator):
    """Series (rows of a 2-D array, or a list of 1-D arrays) -> the features of ``extractor``
    (``tsfel``, ``catch22``, ``raw``, ...), its parameters in ``extractor_params``. Stateless:
    fit only records the input's width."""

    def __init__(self, extractor="tsfel", extractor_params=None, threads=None):
        self.extractor = extractor
        self.extractor_params = extractor_params
        self.threads = threads

    def fit(self, X, y=None):
        X = _series(X)
        self.n_features_in_ = X.shape[1] if isinstance(X, np.ndarray) else None
        _, names = _tsfs.features(X[:1], self.extractor, self.extractor_params or {}, 1)
        self.feature_names_out_ = np.asarray(names, dtype=object)
        return self

    def transform(self, X):
        check_is_fitted(self, "feature_names_out_")
        X = _series(X)
        _check_width(self, X)
        matrix, _ = _tsfs.features(X, self.extractor, self.extractor_params or {}, self.threads)
        return np.ascontiguousarray(matrix)

    def get_feature_names_out(self, input_features=None):
        check_is_fitted(self, "feature_names_out_")
        return self.feature_names_out_

    def _more_tags(self):
        return {"stateless": True, "allow_nan": False}


class _Selector(SelectorMixin, BaseEstimator):
    """A registered selector: keeps the ``n_features`` best columns of its ranking (all usable
    ones when fewer are usable, as a run does). A selector that uses a distance between rows
    computes ``distance`` (with ``distance_params``) between the rows of X it is fitted on."""

    _kind = None
    _param_names = ()
    _supervised = False
    _uses_distance = False
    _uses_classifier = False

    def _selector_params(self):
        return _given(self, self._param_names)

    def fit(self, X, y=None, distances=None):
        """``distances``: for a selector that uses a distance, the rows' n x n matrix (or a
        callable returning it) instead of ``distance`` computed between the rows of X
        (:class:`SeriesFeatureSelector` passes the distances between the series the features come
        from)."""
        X = self._validate_data(X, reset=True, force_all_finite="allow-nan", dtype=np.float64)
        if self._supervised and y is None:
            raise ValueError(f"requires y to be passed, but the target y is None (selector "
                             f"'{self._kind}' is supervised)")
        if X.shape[0] < 2:
            raise ValueError(f"n_samples={X.shape[0]}: a selector is fitted on two or more rows")
        if y is not None:
            y = np.asarray(y)
            if y.ndim != 1 or y.shape[0] != X.shape[0]:
                raise ValueError(f"y has {y.shape[0] if y.ndim else 0} labels for {X.shape[0]} rows")
        n = X.shape[1] if self.n_features == "all" else self.n_features
        if not isinstance(n, (int, np.integer)) or isinstance(n, bool) or n < 1:
            raise ValueError(f"n_features must be an integer >= 1 or 'all', got {self.n_features!r}")
        if n > X.shape[1]:
            raise ValueError(f"n_features {n} exceeds the {X.shape[1]} features of the input")
        if distances is None:  # computed by the engine only for a selector that uses them
            def distances():
                return _tsfs.distances(X, None, self.distance, self.distance_params or {},
                                       self.threads)
        classifier = classifier_params = None
        if self._uses_classifier:
            classifier, classifier_params = self.classifier, self.classifier_params or {}
        result = _tsfs.select(X, y if self._supervised else None, self._kind,
                              self._selector_params(), distances, classifier, classifier_params)
        self.scores_ = result["scores"]
        self.ranking_ = result["ranking"]
        self.usable_features_ = int(result["usable_features"])
        self.n_selected_ = min(int(n), self.usable_features_)
        return self

    def __sklearn_is_fitted__(self):
        # A parameter named after a Python keyword ends with an underscore (lambda_), which
        # check_is_fitted would otherwise take for an attribute set by fit.
        return hasattr(self, "ranking_")

    def _get_support_mask(self):
        check_is_fitted(self, "ranking_")
        mask = np.zeros(self.n_features_in_, dtype=bool)
        mask[self.ranking_[: self.n_selected_]] = True
        return mask

    def _more_tags(self):
        # NaN columns are left out as a run leaves them out, but a distance between rows with NaN
        # is undefined: selectors that use one refuse NaN.
        return {"allow_nan": not self._uses_distance, "requires_y": self._supervised}


def _keep_training_rows(classifier, X, y):
    """The engine's classifiers fit and predict in one call: fit keeps the training rows and their
    class indices (classes sorted as numpy.unique sorts them) for predict."""
    check_classification_targets(y)
    classifier.classes_, classifier._train_classes = np.unique(y, return_inverse=True)
    if len(classifier.classes_) < 2:
        raise ValueError("y holds one class; a classifier needs two or more")
    classifier._train = X
    return classifier


class _Classifier(ClassifierMixin, BaseEstimator):
    """A registered classifier of features, fitted and predicting as a run's evaluation: the
    engine's classifiers fit and predict in one call, so fit validates and keeps the training
    rows and predict fits on them."""

    _kind = None
    _param_names = ()

    def fit(self, X, y):
        X, y = self._validate_data(X, y, reset=True, dtype=np.float64)
        return _keep_training_rows(self, X, y)

    def predict(self, X):
        check_is_fitted(self, "classes_")
        X = self._validate_data(X, reset=False, dtype=np.float64)
        predicted = _tsfs.classify(self._train, self._train_classes.astype(np.int32),
                                   len(self.classes_), X, self._kind, _given(self, self._param_names))
        return self.classes_[predicted]


def _estimator_class(base, component, class_name, leading):
    """A subclass of ``base`` whose __init__ takes ``leading`` (name, default) pairs and then every
    parameter of ``component``, each default None (the registry's default); scikit-learn reads the
    parameters from the signature, so get_params, set_params, clone and grid searches see them."""
    names = [(_python_name(p["name"]), p["name"]) for p in component["params"]]
    defaults = dict(leading)
    defaults.update({python: None for python, _ in names})
    parameters = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    parameters += [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default)
                   for name, default in defaults.items()]

    def __init__(self, **given):
        unknown = sorted(set(given) - set(defaults))
        if unknown:
            raise TypeError(f"{class_name}: unknown parameter(s) {', '.join(unknown)}; "
                            f"known: {', '.join(defaults)}")
        for name, default in defaults.items():
            setattr(self, name, given.get(name, default))

    __init__.__signature__ = inspect.Signature(parameters)
    __init__.__qualname__ = f"{class_name}.__init__"
    param_lines = "\n".join(f"    {_python_name(p['name'])} ({p['type']}): {p['doc']}"
                            for p in component["params"])
    namespace = {
        "__init__": __init__, "__module__": __name__, "__qualname__": class_name,
        "_kind": component["name"], "_param_names": tuple(names),
        "__doc__": f"{component['doc']}\n\n{base.__doc__}\n\nParameters:\n{param_lines}",
    }
    if "supervised" in component:
        namespace["_supervised"] = component["supervised"]
        namespace["_uses_distance"] = component["uses_distance"]
        namespace["_uses_classifier"] = component.get("uses_classifier", False)
    return type(class_name, (base,), namespace)


def _class_name(name, suffix):
    return "".join(part.capitalize() for part in name.split("_")) + suffix


SELECTORS = {}
CLASSIFIERS = {}
for _component in components("selector"):
    _leading = [("n_features", 10)]
    # A python selector's function may take the distances (it says so by its signature).
    if _component["uses_distance"] or _component["name"] == "python":
        _leading += [("distance", "euclidean"), ("distance_params", None), ("threads", None)]
    if _component["uses_classifier"]:  # a search wrapper: the classifier it fits
        _leading += [("classifier", "svc"), ("classifier_params", None)]
    _cls = _estimator_class(_Selector, _component, _class_name(_component["name"], "Selector"),
                            _leading)
    SELECTORS[_component["name"]] = _cls
    globals()[_cls.__name__] = _cls
for _component in components("classifier"):
    if _component["uses_distance"]:
        continue  # nearest_neighbour: NearestNeighbourClassifier, on series
    _cls = _estimator_class(_Classifier, _component, _class_name(_component["name"], "Classifier"),
                            [])
    CLASSIFIERS[_component["name"]] = _cls
    globals()[_cls.__name__] = _cls


def selector(kind, **params):
    """An instance of the selector class of ``kind`` (``selector("laplacian", n_features=30,
    sigma_ratio=0.1)``); an unknown kind raises ValueError with "did you mean"."""
    if kind not in SELECTORS:
        _tsfs.select(np.zeros((2, 1)), None, kind, {}, None)  # raises the registry's message
    return SELECTORS[kind](**params)


def classifier(kind, **params):
    """An instance of the classifier class of ``kind`` (``classifier("svc", C=10)``)."""
    if kind not in CLASSIFIERS:
        _tsfs.classify(np.zeros((2, 1)), np.zeros(2, np.int32), 2, np.zeros((1, 1)), kind, {})
    return CLASSIFIERS[kind](**params)


class NearestNeighbourClassifier(ClassifierMixin, BaseEstimator):
    """k nearest neighbours on series under a registered distance (``dtw``, ``erp``, ``msm``,
    ``euclidean``, ...; its parameters in ``distance_params``), the runner's
    ``nearest_neighbour`` classifier: majority vote, ties to the first training row. X: a 2-D
    array of series (trailing NaN pad shorter ones) or a list of 1-D arrays."""

    def __init__(self, distance="dtw", distance_params=None, k=1, threads=None):
        self.distance = distance
        self.distance_params = distance_params
        self.k = k
        self.threads = threads

    def fit(self, X, y):
        X = _series(X)
        _tsfs.series_lengths(X)  # the engine's checks of the series, now rather than at predict
        self.n_features_in_ = X.shape[1] if isinstance(X, np.ndarray) else None
        y = column_or_1d(y, warn=True)
        if y.shape[0] != len(X):
            raise ValueError(f"y has {y.shape[0]} labels for {len(X)} series")
        _keep_training_rows(self, X, y)
        # The engine reads the parameters only when it predicts: a distance between the first
        # series and itself and a prediction of no row make it check them now (k against the
        # training rows too), as scikit-learn checks parameters at fit.
        _tsfs.distances(X[:1], None, self.distance, self.distance_params or {}, self.threads)
        self._nearest_neighbours(np.empty((0, len(X))))
        return self

    def _nearest_neighbours(self, test_to_train):
        """The class indices of the rows of a test x train distance block."""
        return _tsfs.nearest_neighbour_predict(test_to_train,
                                               self._train_classes.astype(np.int32),
                                               len(self.classes_), {"k": self.k})

    def predict(self, X):
        check_is_fitted(self, "classes_")
        X = _series(X)
        _check_width(self, X)
        block = _tsfs.distances(X, self._train, self.distance, self.distance_params or {},
                                self.threads)
        return self.classes_[self._nearest_neighbours(block)]


class SeriesFeatureSelector(TransformerMixin, BaseEstimator):
    """Series -> the features of ``extractor`` kept by ``selector`` (a selector estimator of this
    module), as a run does: a selector that uses a distance gets ``distance`` (with
    ``distance_params``) between the training series, not between their feature rows. The
    selector's parameters are nested estimator parameters (``selector__sigma_ratio``)."""

    def __init__(self, selector=None, extractor="tsfel", extractor_params=None, distance="dtw",
                 distance_params=None, threads=None):
        self.selector = selector
        self.extractor = extractor
        self.extractor_params = extractor_params
        self.distance = distance
        self.distance_params = distance_params
        self.threads = threads

    def _features(self, X):
        matrix, names = _tsfs.features(X, self.extractor, self.extractor_params or {}, self.threads)
        return matrix, names

    def fit(self, X, y=None):
        if not isinstance(self.selector, _Selector):
            raise TypeError("selector must be a selector estimator of tsfs.sklearn "
                            f"(e.g. LaplacianSelector()), got {self.selector!r}")
        X = _series(X)
        matrix, names = self._features(X)
        # A run leaves out a feature infinite for some series as it leaves out a NaN one (TSFEL's
        # total energy of a one-value series); the selector refuses infinity as scikit-learn does.
        matrix[np.isinf(matrix)] = np.nan
        def distances():  # computed by the engine only for a selector that uses them
            return _tsfs.distances(X, None, self.distance, self.distance_params or {},
                                   self.threads)
        self.selector_ = clone(self.selector).fit(matrix, y, distances=distances)
        self.n_features_in_ = X.shape[1] if isinstance(X, np.ndarray) else None
        self.feature_names_in_series_ = np.asarray(names, dtype=object)
        return self

    def transform(self, X):
        check_is_fitted(self, "selector_")
        X = _series(X)
        _check_width(self, X)
        matrix, _ = self._features(X)
        return np.ascontiguousarray(matrix[:, self.selector_.get_support()])

    def get_feature_names_out(self, input_features=None):
        check_is_fitted(self, "selector_")
        return self.feature_names_in_series_[self.selector_.get_support()]
