package dev.spotcast.query.request;

import io.swagger.v3.oas.annotations.Parameter;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Reads a record of query parameters ({@link PlaceParameters}, EDR's {@code AreaOptions}: a record
 * of text fields annotated {@link ParameterObject}) straight from the query string, each component
 * by its name, or the name its {@link Parameter} annotation gives, or the header its {@link
 * RequestHeader} names. Left to Spring's data binding, such a record is bound through a new binder
 * per request, which introspects its constructor and parses its annotations every time (a large
 * share of the service's CPU under load: docs/benchmarks.md, "Where the service's CPU goes"); here
 * each record type is read once. Its fields are text, checked by the parsers, so nothing is lost.
 * The OpenAPI description still comes from the record's annotations.
 */
@Configuration(proxyBeanMethods = false)
public class QueryParameterRecords implements WebMvcConfigurer, HandlerMethodArgumentResolver {

  /** Where one component's value comes from. */
  private record Source(String name, boolean header) {}

  /** A record type: its canonical constructor and where each of its components comes from. */
  private record Binding(Constructor<?> constructor, Source[] sources) {}

  private static final Map<Class<?>, Binding> BINDINGS = new ConcurrentHashMap<>();

  @Override
  public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
    resolvers.add(this);
  }

  @Override
  public boolean supportsParameter(MethodParameter parameter) {
    Class<?> type = parameter.getParameterType();
    return type.isRecord() && type.isAnnotationPresent(ParameterObject.class);
  }

  @Override
  public Object resolveArgument(
      MethodParameter parameter,
      ModelAndViewContainer mavContainer,
      NativeWebRequest request,
      WebDataBinderFactory binderFactory) {
    return read(parameter.getParameterType(), request::getParameter, request::getHeader);
  }

  /**
   * A record of query parameters from a request's parameters and headers, by name (null: absent).
   */
  public static <T> T read(
      Class<T> type, Function<String, String> parameters, Function<String, String> headers) {
    Binding binding = BINDINGS.computeIfAbsent(type, QueryParameterRecords::binding);
    Object[] values = new Object[binding.sources().length];
    for (int i = 0; i < values.length; i++) {
      Source source = binding.sources()[i];
      values[i] = source.header() ? headers.apply(source.name()) : parameters.apply(source.name());
    }
    try {
      return type.cast(binding.constructor().newInstance(values));
    } catch (InvocationTargetException e) {
      throw e.getCause() instanceof RuntimeException cause
          ? cause
          : new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot make a " + type.getName(), e);
    }
  }

  private static Binding binding(Class<?> type) {
    RecordComponent[] components = type.getRecordComponents();
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      if (components[i].getType() != String.class) {
        throw new IllegalStateException(
            type.getName() + "." + components[i].getName() + " must be text: the parser checks it");
      }
      types[i] = String.class;
    }
    Constructor<?> constructor;
    try {
      constructor = type.getDeclaredConstructor(types);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(type.getName() + " has no canonical constructor", e);
    }
    java.lang.reflect.Parameter[] parameters = constructor.getParameters();
    Source[] sources = new Source[components.length];
    for (int i = 0; i < components.length; i++) {
      RequestHeader header = parameters[i].getAnnotation(RequestHeader.class);
      Parameter described = parameters[i].getAnnotation(Parameter.class);
      if (header != null) {
        sources[i] = new Source(header.value(), true);
      } else if (described != null && !described.name().isEmpty()) {
        sources[i] = new Source(described.name(), false);
      } else {
        sources[i] = new Source(components[i].getName(), false);
      }
    }
    return new Binding(constructor, sources);
  }
}
